import { ARCHIVE_DATA, type ArchiveFile } from './archive';

// Input that is not text: what it is, from its first bytes, so that an archive can be opened and anything
// else named in one line rather than parsed as JSON (and its bytes printed to a terminal).

/** What the first bytes of an input say it is: an archive msgscope opens, or binary data it names. */
export type BinaryKind = { kind: 'zip' } | { kind: 'gzip' } | { kind: 'binary'; name: string };

// Signatures from each format's specification (the "magic numbers" file(1) also reads).
const SIGNATURES: readonly { bytes: readonly number[]; name: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], name: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], name: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], name: 'a PDF document' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], name: 'an SQLite database' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], name: 'a 7-Zip archive' },
  { bytes: [0x42, 0x5a, 0x68], name: 'a bzip2 archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a], name: 'an xz archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], name: 'a Zstandard archive' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], name: 'a WebAssembly module' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], name: 'an ELF executable' },
  { bytes: [0x50, 0x41, 0x52, 0x31], name: 'a Parquet file' },
];

const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (head: ArrayLike<number>, bytes: readonly number[], at = 0): boolean => bytes.every((byte, i) => head[at + i] === byte);

/**
 * The kind of binary input whose first bytes (at least 8; up to a few KB sharpen the guess) are `head`, or
 * undefined for text. UTF-16 text with a byte order mark counts as text; NUL bytes anywhere else do not.
 */
export function sniffBinary(head: ArrayLike<number>): BinaryKind | undefined {
  // PK\3\4 starts a zip's first local file; PK\5\6 is an empty zip.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'zip' };
  if (startsWith(head, [0x1f, 0x8b])) return { kind: 'gzip' };
  const known = SIGNATURES.find(({ bytes }) => startsWith(head, bytes));
  if (known) return { kind: 'binary', name: known.name };
  // A RIFF container says what it holds at byte 8; audio and video ones (WAVE, AVI) are binary data below.
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return { kind: 'binary', name: 'a WebP image' };
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return undefined;
  for (let i = 0; i < head.length; i++) if (head[i] === 0) return { kind: 'binary', name: 'binary data' };
  return undefined;
}

/** The one line that says an input cannot be read because of what it is. */
export function binaryMessage(name: string): string {
  return `This is ${name}, not a message history: msgscope reads JSON, JSON Lines, SSE captures, Python repr and pretty_print text, and zip archives of them (Inspect .eval logs).`;
}

/** The zip and gzip functions of an inflate library (fflate's), given by the page's worker and the CLI: core takes no package. */
export interface Inflate {
  unzipSync(bytes: Uint8Array, options: { filter: (file: { name: string }) => boolean }): Record<string, Uint8Array>;
  gunzipSync(bytes: Uint8Array): Uint8Array;
  strFromU8(bytes: Uint8Array): string;
}

/** Input that is not plain text, opened: a zip's files, a gunzipped text, or why it cannot be read. */
export type OpenedBytes = { files: ArchiveFile[] } | { text: string } | { error: string };

/**
 * Opens binary input of `kind` (from sniffBinary): a zip's data files inflated and decoded (the others by name
 * only, so the reading can say what it left), a gzip's text, or the line that names what it is.
 */
export function openBinary(bytes: Uint8Array, kind: BinaryKind, inflate: Inflate): OpenedBytes {
  if (kind.kind === 'binary') return { error: binaryMessage(kind.name) };
  try {
    if (kind.kind === 'gzip') return { text: inflate.strFromU8(inflate.gunzipSync(bytes)) };
    const names: string[] = [];
    const wanted = (name: string) => ARCHIVE_DATA.test(name) && !name.endsWith('/');
    const inflated = inflate.unzipSync(bytes, { filter: (file) => names.push(file.name) > 0 && wanted(file.name) });
    const files = names.filter((name) => !name.endsWith('/')).map((name) => ({ name, text: inflated[name] ? inflate.strFromU8(inflated[name]) : '' }));
    return { files };
  } catch (error) {
    return { error: `This ${kind.kind} archive could not be opened: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

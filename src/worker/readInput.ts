import type { ParsedInput } from '../core/formats/types';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import type { ArchiveFile } from '../core/json/archive';
import { openBinary, sniffBinary, type BinaryKind, type OpenedBytes } from '../core/json/binary';
import { StreamingJsonParser } from '../core/json/streamingJson';
import type { ImportInput, LoadProgress } from '../protocol/workerApi';

export type ProgressSink = (progress: LoadProgress) => void;

/** Progress is posted at most this often: a 60 MB file arrives in thousands of chunks. */
const REPORT_EVERY_MS = 50;

export interface InputText {
  /** The text; a streamed one is joined when first asked (see StreamedJson). Empty for an archive. */
  text: () => string;
  /** The text as parseInput reads it, when it was parsed while it was read (from a stream). */
  parsed?: ParsedInput;
  /** The files of a zip archive (an Inspect .eval log), decoded. */
  files?: ArchiveFile[];
  /** A zip archive's bytes as read: what a share of it carries. */
  bytes?: Uint8Array;
  /** The file name a shared history carried, which names it in place of the link. */
  name?: string;
}

/** The input as text, reporting bytes read as they arrive. */
export async function readInput(input: ImportInput, report: ProgressSink): Promise<InputText> {
  if (typeof input === 'string') return { text: () => input };
  if (input instanceof Blob) {
    const kind = sniffBinary(new Uint8Array(await input.slice(0, 4096).arrayBuffer()));
    if (kind) {
      report({ phase: 'read', bytes: input.size, total: input.size });
      return opened(new Uint8Array(await input.arrayBuffer()), kind);
    }
  }
  if (input instanceof Blob) return readStream(input.stream(), input.size, report);
  // A shared history: its bytes are read like a file's, so the recipient's reading is the sender's.
  if ('inline' in input || 'sealed' in input) {
    // Loaded only for a shared history: most loads never need its code.
    const { unpackInline, unpackSealed } = await import('./sharedInput');
    const { bytes, meta } = 'inline' in input ? await unpackInline(input.inline) : await unpackSealed(input.sealed);
    return { ...readBytes(bytes, report), ...(meta.name !== undefined && meta.name !== '' && { name: meta.name }) };
  }
  const response = await fetchHistory(input.url);
  const length = Number(response.headers.get('content-length'));
  // A compressed body's length is not the length read: show no total rather than a wrong one.
  const total = length > 0 && !response.headers.get('content-encoding') ? length : undefined;
  if (response.body) return readStream(response.body, total, report);
  const text = await response.text();
  // Characters stand in for bytes, as for pasted text: the progress still says how much was read.
  report({ phase: 'read', bytes: text.length, total: text.length });
  return { text: () => text };
}

/** Fetches a history the user asked for (the sample or `?src=`); errors name the URL and the HTTP status. */
async function fetchHistory(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not fetch ${url}: network error (${reason}). The server may be unreachable or may not allow cross-origin requests.`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new Error(`Could not fetch ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  // Static hosts answer unknown paths with their HTML start page and status 200: that is a wrong URL, not a history.
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    throw new Error(`Could not fetch ${url}: the server answered with an HTML page, not a message history. Check the URL.`);
  }
  return response;
}

/** Bytes already in memory (a shared history's), read as a file of them is. */
function readBytes(bytes: Uint8Array, report: ProgressSink): InputText {
  report({ phase: 'read', bytes: bytes.length, total: bytes.length });
  const kind = sniffBinary(bytes.subarray(0, 4096));
  if (kind) return opened(bytes, kind);
  const text = new TextDecoder().decode(bytes);
  return { text: () => text };
}

/** An archive's files or a gunzipped text; binary data that is neither is refused with the line that names it. */
function opened(bytes: Uint8Array, kind: BinaryKind): InputText {
  const result: OpenedBytes = openBinary(bytes, kind, { unzipSync, gunzipSync, strFromU8 });
  if ('error' in result) throw new Error(result.error);
  if ('files' in result) return { text: () => '', files: result.files, bytes };
  const { text } = result;
  return { text: () => text };
}

/** Entries parsed so far, when the parser has parsed any (a text it does not follow has none). */
function entries(parser: StreamingJsonParser): { entries?: number } {
  const count = parser.entriesParsed;
  return count > 0 ? { entries: count } : {};
}

async function readStream(stream: ReadableStream<Uint8Array>, total: number | undefined, report: ProgressSink): Promise<InputText> {
  // Decoded and parsed as it arrives: the download's idle time is spent parsing.
  const decoder = new TextDecoder();
  const parser = new StreamingJsonParser();
  let length = 0;
  let reportedAt = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // A download that turns out to be an archive (an .eval log) is kept as bytes and opened whole.
    const kind = length === 0 ? sniffBinary(value.subarray(0, 4096)) : undefined;
    if (kind) return opened(await rest(reader, value, report, total), kind);
    parser.push(decoder.decode(value, { stream: true }));
    length += value.length;
    const now = Date.now();
    if (now - reportedAt >= REPORT_EVERY_MS) {
      reportedAt = now;
      report({ phase: 'read', bytes: length, ...(total !== undefined ? { total } : {}), ...entries(parser) });
    }
  }
  parser.push(decoder.decode());
  report({ phase: 'read', bytes: length, total: length, ...entries(parser) });
  return parser.finish();
}

/** Every byte of a download from `first` on, reporting them as they arrive. */
async function rest(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array, report: ProgressSink, total: number | undefined): Promise<Uint8Array> {
  const chunks = [first];
  let length = first.length;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    report({ phase: 'read', bytes: length, ...(total !== undefined ? { total } : {}) });
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

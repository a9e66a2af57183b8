// The input loaded, as a share carries it: the bytes the recipient reads (so that detection and findings are
// the sender's), first searched for secrets and, when the user chose it, redacted. Here rather than on the page:
// a scan, a deflate or an encryption of tens of megabytes would freeze it.
import { strToU8, zipSync } from 'fflate';
import type { ArchiveFile } from '../core/json/archive';
import { findSecrets, redactSecrets, SECRET_LABELS, type SecretHit } from '../core/secrets';
import { sealShare } from '../core/share/encrypt';
import { encodeInlinePayload } from '../core/share/payload';
import { SECRETS_LISTED, type SecretFound, type SecretScan, type ShareParams, type SharePrepared } from '../protocol/workerApi';

/** What the worker keeps of the input loaded. */
export interface ShareSource {
  /** The text read (empty for an archive). */
  text: () => string;
  /** A zip archive's data files, decoded. */
  files?: readonly ArchiveFile[];
  /** A zip archive's bytes as read. */
  bytes?: Uint8Array;
  /** The input's name, which the recipient sees as the source. */
  name: string;
}

/** The texts a share carries: the input's, or each data file of an archive. */
const texts = (source: ShareSource): readonly { file?: string; text: string }[] =>
  source.files ? source.files.map(({ name, text }) => ({ file: name, text })) : [{ text: source.text() }];

/** Each hit's line, from 1, counted in one pass over the text (hits sorted by position). */
function withLines(text: string, hits: readonly SecretHit[]): { hit: SecretHit; line: number }[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start);
  let line = 1;
  let at = 0;
  return sorted.map((hit) => {
    for (; at < hit.start; at++) if (text.charCodeAt(at) === 10) line++;
    return { hit, line };
  });
}

export function scanSecrets(source: ShareSource): SecretScan {
  const hits: SecretFound[] = [];
  let total = 0;
  for (const { file, text } of texts(source)) {
    const found = findSecrets(text);
    total += found.length;
    if (hits.length >= SECRETS_LISTED) continue;
    for (const { hit, line } of withLines(text, found.slice(0, SECRETS_LISTED - hits.length))) {
      hits.push({ kind: hit.kind, label: SECRET_LABELS[hit.kind], masked: hit.masked, where: file === undefined ? `line ${line}` : `${file}, line ${line}` });
    }
  }
  return { hits, total };
}

/**
 * The bytes shared: a text as UTF-8 (what the worker read from the file, a gzipped one unzipped), an archive
 * as read; redacted, a text with its secrets replaced and an archive zipped again from its redacted data files.
 */
function sharedBytes(source: ShareSource, redact: boolean): Uint8Array {
  if (source.files && source.bytes && !redact) return source.bytes;
  if (source.files) {
    const zipped: Record<string, Uint8Array> = {};
    for (const { name, text } of source.files) zipped[name] = strToU8(redactSecrets(text).text);
    return zipSync(zipped, { level: 9 });
  }
  const text = source.text();
  return new TextEncoder().encode(redact ? redactSecrets(text).text : text);
}

export async function prepareShare(source: ShareSource, { redact, as }: ShareParams): Promise<{ result: SharePrepared; transfer?: ArrayBuffer[] }> {
  const bytes = sharedBytes(source, redact);
  const meta = { name: source.name };
  if (as === 'inline') return { result: { as, payload: await encodeInlinePayload(bytes, meta) } };
  const { blob, key } = await sealShare(bytes, meta);
  // A copy the page may own: the sealed bytes may be a view into a larger buffer.
  const owned = new Uint8Array(blob);
  return { result: { as, blob: owned, key }, transfer: [owned.buffer] };
}

import { isRecord, ownField, parseJson } from '../json/value';
import { crc32 } from './crc32';
import { concat } from './deflate';

// What a share carries before it is compressed, the same in an inline link, an HTML file and a sealed blob:
//
//   u32 big-endian n | n bytes of header: ASCII JSON {"v":1,"size":S,"crc32":C,"meta":{"name":…}} | S bytes: the input
//
// The input's bytes are kept exactly (no re-encoding, no parse), so the recipient reads what the sender read.
// size and crc32 let a reader tell the history from a damaged or cut copy of it: raw deflate has no checksum.

/** What the sender says about the input: the file name shown as its source. */
export interface ShareMeta {
  name?: string;
}

export const CONTAINER_VERSION = 1;

/** A header is a few dozen bytes; a length past this is damage, not a header. */
const MAX_HEADER_BYTES = 1 << 16;

/** The JSON text with every non-ASCII character escaped, so that its bytes are its characters. */
const asciiJson = (value: unknown): string => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function packContainer(bytes: Uint8Array, meta: ShareMeta): Uint8Array {
  const header = asciiJson({ v: CONTAINER_VERSION, size: bytes.length, crc32: crc32(bytes), meta: metaFields(meta) });
  const out = new Uint8Array(4 + header.length + bytes.length);
  new DataView(out.buffer).setUint32(0, header.length);
  for (let i = 0; i < header.length; i++) out[4 + i] = header.charCodeAt(i);
  out.set(bytes, 4 + header.length);
  return out;
}

/** Only the fields msgscope knows, so a sender's object with more in it does not travel. */
const metaFields = (meta: ShareMeta): ShareMeta => (meta.name === undefined ? {} : { name: meta.name });

/**
 * Why a container could not be read: `short` (it ends before its input does: the data was cut), `long` (more than
 * it announced), `version` (a newer layout: `detail` is its number), `header`, `checksum` or `inflate` (damaged). `detail` says
 * what, in words for the end of a sentence.
 */
export interface ContainerError {
  error: 'short' | 'long' | 'version' | 'header' | 'checksum' | 'inflate';
  detail: string;
}

interface Header {
  size: number;
  crc32: number;
  meta: ShareMeta;
}

function readHeader(bytes: Uint8Array): Header | ContainerError {
  let text = '';
  for (const byte of bytes) {
    if (byte > 0x7f) return { error: 'header', detail: 'its header is not text' };
    text += String.fromCharCode(byte);
  }
  const parsed = parseJson(text);
  if (!parsed || !isRecord(parsed.value)) return { error: 'header', detail: 'its header is not readable' };
  const header = parsed.value;
  const version = ownField(header, 'v');
  if (typeof version === 'number' && version > CONTAINER_VERSION) return { error: 'version', detail: String(version) };
  const size = ownField(header, 'size');
  const crc = ownField(header, 'crc32');
  const meta = ownField(header, 'meta');
  if (version !== CONTAINER_VERSION || !Number.isSafeInteger(size) || typeof size !== 'number' || size < 0) {
    return { error: 'header', detail: 'its header is not readable' };
  }
  if (typeof crc !== 'number' || !Number.isInteger(crc) || crc < 0 || crc > 0xffffffff) return { error: 'header', detail: 'its header has no checksum' };
  const name = isRecord(meta) ? ownField(meta, 'name') : undefined;
  return { size, crc32: crc, meta: typeof name === 'string' ? { name } : {} };
}

/**
 * Reads a container from its inflated pieces (RawDeflate.inflate's), checking its size and checksum. It stops
 * inflating as soon as the data runs past the size its header announced, so a small link cannot make the reader
 * hold more than that.
 */
export async function unpackContainer(pieces: AsyncIterable<Uint8Array>): Promise<{ bytes: Uint8Array<ArrayBuffer>; meta: ShareMeta } | ContainerError> {
  let head: Uint8Array[] = [];
  let headLength = 0;
  let header: Header | undefined;
  const data: Uint8Array[] = [];
  let received = 0;
  let crc = 0;
  const take = (piece: Uint8Array): ContainerError | undefined => {
    if (!header) return undefined;
    if (received + piece.length > header.size) return { error: 'long', detail: 'it holds more data than its header announces' };
    data.push(piece);
    received += piece.length;
    crc = crc32(piece, crc);
    return undefined;
  };
  try {
    for await (const piece of pieces) {
      if (header) {
        const failed = take(piece);
        if (failed) return failed;
        continue;
      }
      head.push(piece);
      headLength += piece.length;
      if (headLength < 4) continue;
      const start = concat(head, headLength);
      const length = new DataView(start.buffer, start.byteOffset).getUint32(0);
      if (length > MAX_HEADER_BYTES) return { error: 'header', detail: 'its header is not readable' };
      if (headLength < 4 + length) {
        head = [start];
        continue;
      }
      const read = readHeader(start.subarray(4, 4 + length));
      if ('error' in read) return read;
      header = read;
      head = [];
      const failed = take(start.subarray(4 + length));
      if (failed) return failed;
    }
  } catch {
    return { error: 'inflate', detail: 'its compressed data is not readable' };
  }
  if (!header) return { error: 'short', detail: 'it ends inside its header' };
  if (received < header.size) return { error: 'short', detail: `it ends after ${received} of the history's ${header.size} bytes` };
  if (crc !== header.crc32) return { error: 'checksum', detail: "the history's checksum does not match" };
  return { bytes: concat(data, received), meta: header.meta };
}

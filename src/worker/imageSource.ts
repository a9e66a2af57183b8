// Where an image block's picture is, read from the block as the input wrote it (`ContentBlock.raw`). Formats put
// it in a handful of shapes, and one reader of their field names serves them all:
//   OpenAI Chat / Mistral   {type: "image_url", image_url: {url} | url}          url: `data:image/…;base64,…` or http(s)
//   OpenAI Responses        {type: "input_image", image_url}
//   Anthropic               {type: "image", source: {type: "base64", media_type, data} | {type: "url", url}}
//   Gemini                  {inlineData | inline_data: {mimeType | mime_type, data}}, {fileData: {mimeType, fileUri}}
//   LangChain v1 / v0       {type: "image", base64 | data, mime_type, source_type?}, {type: "image", url}
//   Vercel AI SDK           {type: "image", image: base64 | data URL | URL, mediaType?}, {type: "file", data, mediaType}
//   OpenTelemetry GenAI     {type: "blob", modality: "image", mime_type, content}, {type: "uri", uri}
//   OpenInference           {type: "image", image: {url}}
//   .NET (MEAI)             {$type: "data", uri: "data:…", mediaType}, {$type: "uri", uri}
//   Inspect, Codex          {type: "image", image: …}; a bare string (Codex `images`)
// Only what parses is an image: a media type `image/…` and base64 text, or an absolute http(s) URL. Anything else
// (`gs://`, a file id, a path) is a reference shown as text, never a source for the page.
import { isRecord } from '../core/json/value';

export type ImageSource =
  /** Inline bytes: `base64` is the payload alone (no `data:` prefix). */
  | { kind: 'data'; mediaType: string; base64: string }
  /** A picture elsewhere: the page fetches it only when the user asks. */
  | { kind: 'url'; url: string }
  /** Named but not here (a file id, `gs://…`, a path): shown as text. */
  | { kind: 'reference'; text: string };

const MEDIA_TYPE = /^image\/[\w.+-]+$/i;
const BASE64 = /^[\w+/-]+={0,2}$/;
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;
// The fields each shape names the media type, the bytes and the address by, most specific first.
const TYPE_FIELDS = ['media_type', 'mediaType', 'mime_type', 'mimeType'] as const;
const DATA_FIELDS = ['data', 'base64', 'bytes', 'content'] as const;
const URL_FIELDS = ['url', 'uri', 'fileUri', 'file_uri', 'image_url', 'image'] as const;
const NESTED_FIELDS = ['image_url', 'source', 'inlineData', 'inline_data', 'fileData', 'file_data', 'image', 'message_content'] as const;
/** How deep nested records are looked into (OpenInference: `message_content.image.image.url`). */
const LEVELS = 4;

/** The first bytes of common formats, as base64, for inline data that names no media type. */
const SIGNATURES: readonly (readonly [string, string])[] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
  ['Qk', 'image/bmp'],
];

/** The base64 of a long text is checked in slices: one regular expression over 10 MB would hold the worker a while. */
function isBase64(text: string): boolean {
  const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  if (compact === '') return false;
  for (let at = 0; at < compact.length; at += 1 << 16) {
    const slice = compact.slice(at, at + (1 << 16));
    const last = at + (1 << 16) >= compact.length;
    if (!(last ? BASE64 : /^[\w+/-]+$/).test(slice)) return false;
  }
  return true;
}

const sniffed = (base64: string): string | undefined => SIGNATURES.find(([start]) => base64.startsWith(start))?.[1];

function httpUrl(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text.trimStart())) return undefined;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `data:image/png;base64,…`; a data URL of another type or not base64 is no image source. */
function fromDataUrl(text: string): ImageSource | undefined {
  const head = DATA_URL.exec(text.slice(0, 300));
  if (!head) return undefined;
  const mediaType = head[1] ?? '';
  const base64 = text.slice(head[0].length);
  if (!/;base64/i.test(head[2] ?? '') || !isBase64(base64)) return undefined;
  const type = MEDIA_TYPE.test(mediaType) ? mediaType : sniffed(base64);
  return type === undefined ? undefined : { kind: 'data', mediaType: type.toLowerCase(), base64 };
}

/** A string that is the whole source: a data URL, an http(s) URL, or (with `mediaType`, or recognizable bytes) base64. */
function fromString(text: string, mediaType: string | undefined): ImageSource | undefined {
  if (/^data:/i.test(text)) return fromDataUrl(text);
  const url = httpUrl(text);
  if (url !== undefined) return { kind: 'url', url };
  if (text.length >= 8 && isBase64(text)) {
    const type = mediaType !== undefined && MEDIA_TYPE.test(mediaType) ? mediaType : sniffed(text);
    if (type !== undefined) return { kind: 'data', mediaType: type.toLowerCase(), base64: text };
  }
  return undefined;
}

function mediaTypeOf(record: Record<string, unknown>): string | undefined {
  for (const field of TYPE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  // Bedrock's `format: "png"`.
  return typeof record.format === 'string' && /^[a-z]{3,5}$/i.test(record.format) ? `image/${record.format.toLowerCase()}` : undefined;
}

function fromRecord(record: Record<string, unknown>, levels: number, inherited: string | undefined): ImageSource | undefined {
  const mediaType = mediaTypeOf(record) ?? inherited;
  for (const field of DATA_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') {
      const read = fromString(value, mediaType);
      if (read) return read;
    }
  }
  for (const field of URL_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') {
      const read = fromString(value, mediaType);
      if (read) return read;
    }
  }
  if (levels > 0)
    for (const field of NESTED_FIELDS) {
      const value = record[field];
      if (isRecord(value)) {
        const read = fromRecord(value, levels - 1, mediaType);
        if (read) return read;
      }
    }
  return undefined;
}

/** Short text that may name a picture kept elsewhere; never a `data:` URL, which is the picture (or not one). */
const isReference = (value: unknown): value is string => typeof value === 'string' && value !== '' && value.length <= 2000 && !/^data:/i.test(value);

/** A name for a picture that is not here: the first address-like string of the block (a file id, `gs://…`). */
function referenceOf(record: Record<string, unknown>, levels: number): string | undefined {
  for (const field of [...URL_FIELDS, 'file_id', 'fileId', 'path']) {
    const value = record[field];
    if (isReference(value)) return value;
  }
  if (levels > 0)
    for (const field of NESTED_FIELDS) {
      const value = record[field];
      if (isRecord(value)) {
        const found = referenceOf(value, levels - 1);
        if (found !== undefined) return found;
      }
    }
  return undefined;
}

/** Where the picture of an image block is, from its raw value; undefined when the block says nothing usable. */
export function imageSource(raw: unknown): ImageSource | undefined {
  if (typeof raw === 'string') return fromString(raw, undefined) ?? (isReference(raw) ? { kind: 'reference', text: raw } : undefined);
  if (!isRecord(raw)) return undefined;
  const read = fromRecord(raw, LEVELS, undefined);
  if (read) return read;
  const reference = referenceOf(raw, LEVELS);
  return reference === undefined ? undefined : { kind: 'reference', text: reference };
}

/** The decoded size of base64 text, in bytes. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

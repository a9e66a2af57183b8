// Image blocks arrive in several shapes (OpenAI image_url, Anthropic source, LangChain v0/v1 data
// blocks); each target writes one. Read once here into a URL or base64 data.
import { isRecord } from '../json/value';
import type { ContentBlock } from '../model';

export type Image = { url: string } | { base64: string; mediaType: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** `data:image/png;base64,...` -> base64 + media type. */
function fromUrl(url: string): Image {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return data?.[1] !== undefined && data[2] !== undefined ? { base64: data[2], mediaType: data[1] } : { url };
}

export function readImage(block: ContentBlock): Image | undefined {
  if (block.kind !== 'image' || !isRecord(block.raw)) return undefined;
  const raw = block.raw;
  // OpenAI Chat: {image_url: {url}} or {image_url: "url"}; Responses: {image_url: "url"}.
  const openai = isRecord(raw.image_url) ? str(raw.image_url.url) : str(raw.image_url);
  if (openai) return fromUrl(openai);
  // Anthropic: {source: {type: "base64", media_type, data} | {type: "url", url}}.
  if (isRecord(raw.source)) {
    const data = str(raw.source.data);
    const mediaType = str(raw.source.media_type);
    if (data && mediaType) return { base64: data, mediaType };
    const url = str(raw.source.url);
    if (url) return { url };
  }
  // LangChain v1 {base64 | url, mime_type} and v0 {source_type, data | url, mime_type}.
  const mime = str(raw.mime_type) ?? 'image/png';
  const base64 = str(raw.base64) ?? (raw.source_type === 'base64' ? str(raw.data) : undefined);
  if (base64) return { base64, mediaType: mime };
  const url = str(raw.url);
  return url ? fromUrl(url) : undefined;
}

export const dataUrl = (image: Image): string => ('url' in image ? image.url : `data:${image.mediaType};base64,${image.base64}`);

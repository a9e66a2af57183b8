// A message's content blocks as the detail pane shows them: images with their source (inline bytes up to a cap, a
// remote URL the page fetches only on request), reasoning with what is hidden of it and its size in tokens.
import { isRecord } from '../core/json/value';
import type { ContentBlock, Message } from '../core/model';
import { DETAIL_IMAGE_BYTES, DETAIL_IMAGES_BYTES, type DetailBlock, type DetailImage } from '../protocol/workerApi';
import { base64Bytes, imageSource } from './imageSource';
import type { TokenCounter } from './tokenCounter';

/** Past this many characters a reasoning text is counted on its first part and scaled: counting 10 MB takes seconds. */
const COUNTED_CHARS = 1_000_000;

/** How a reasoning block hides its text, from the block as written. */
export function hiddenReasoning(block: ContentBlock): DetailBlock['hidden'] {
  if (block.kind !== 'reasoning') return undefined;
  const { raw } = block;
  if (/redacted/i.test(block.type)) return 'redacted';
  if (!isRecord(raw)) return undefined;
  if (raw.redacted === true) return 'redacted';
  if (typeof raw.encrypted_content === 'string' || raw.type === 'reasoning.encrypted') return 'encrypted';
  return undefined;
}

/** A `data:` URL of the bytes; base64url and line breaks, which some writers use, become what a data URL reads. */
function dataUrl(mediaType: string, base64: string): string {
  const compact = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  const standard = /[-_]/.test(compact) ? compact.replaceAll('-', '+').replaceAll('_', '/') : compact;
  return `data:${mediaType};base64,${standard}`;
}

/** The picture of image block `block`, inline when `budget` (bytes left for this detail's images) allows. */
function detailImage(block: ContentBlock, budget: { left: number }): DetailImage | undefined {
  const source = imageSource(block.raw);
  if (!source) return undefined;
  if (source.kind !== 'data') return source.kind === 'url' ? { kind: 'url', url: source.url } : { kind: 'reference', text: source.text };
  const bytes = base64Bytes(source.base64);
  if (bytes > DETAIL_IMAGE_BYTES || bytes > budget.left) return { kind: 'omitted', mediaType: source.mediaType, bytes };
  budget.left -= bytes;
  return { kind: 'data', src: dataUrl(source.mediaType, source.base64), mediaType: source.mediaType, bytes };
}

/** Image block `index` of `message` as a `data:` URL, however large (the page asked for it). */
export function imageData(message: Message, index: number): string {
  const block = message.content[index];
  const source = block?.kind === 'image' ? imageSource(block.raw) : undefined;
  if (source?.kind !== 'data') throw new Error(`Block ${index} of message #${message.index} holds no inline image.`);
  return dataUrl(source.mediaType, source.base64);
}

/** Whether the detail of `message` would count tokens (so the counter is worth loading first). */
export function needsCounter(message: Message): boolean {
  return message.content.some((block) => block.kind === 'reasoning' && block.text !== undefined && block.text !== '');
}

function countTokens(text: string, count: TokenCounter): number {
  if (text.length <= COUNTED_CHARS) return count(text);
  return Math.round((count(text.slice(0, COUNTED_CHARS)) * text.length) / COUNTED_CHARS);
}

/**
 * Each block of `message`; `count` counts reasoning texts (absent: not counted). The message's reported reasoning
 * tokens go to its reasoning block when it has exactly one: with several, no share of the total is known.
 */
export function detailBlocks(message: Message, count?: TokenCounter): DetailBlock[] {
  const reasoningBlocks = message.content.filter((block) => block.kind === 'reasoning').length;
  const reported = reasoningBlocks === 1 ? message.usage?.reasoning : undefined;
  const budget = { left: DETAIL_IMAGES_BYTES };
  return message.content.map((block) => {
    const detail: DetailBlock = { kind: block.kind, type: block.type };
    if (block.kind !== 'text' && block.text !== undefined) detail.text = block.text;
    if (block.kind === 'image') {
      const image = detailImage(block, budget);
      if (image) detail.image = image;
    }
    if (block.kind === 'reasoning') {
      const hidden = hiddenReasoning(block);
      if (hidden) detail.hidden = hidden;
      const counted = count && block.text ? countTokens(block.text, count) : undefined;
      if (reported !== undefined || counted !== undefined)
        detail.tokens = { ...(reported !== undefined && { reported }), ...(counted !== undefined && { counted }) };
    }
    return detail;
  });
}

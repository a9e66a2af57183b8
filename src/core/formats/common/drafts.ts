// Small builders every adapter that does not go through wrappers.ts's element loop needs.
import { preview } from '../../json/value';
import type { ContentBlock } from '../../model';
import type { MessageDraft } from '../types';

/** An element that cannot be read as a message: it stays on the timeline as role `other`, saying why. */
export function problemDraft(raw: unknown, path: string, problem: string): MessageDraft {
  return {
    role: 'other',
    sourceType: '(unrecognized)',
    content: [],
    text: preview(raw),
    toolCalls: [],
    invalidToolCalls: [],
    raw,
    location: { path },
    problem,
  };
}

/** The text blocks of a message joined by newlines, as `Message.text` holds them. */
export function joinText(content: readonly ContentBlock[]): string {
  const texts: string[] = [];
  for (const block of content) if (block.kind === 'text' && block.text !== undefined) texts.push(block.text);
  return texts.join('\n');
}

/** A value shown as text: strings as they are, anything else as compact JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

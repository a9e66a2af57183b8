// Small builders for drafts and the words of their problems, shared by every adapter.
import { kindOf, preview, stringifyJson, printed } from '../../json/value';
import type { ContentBlock, Role } from '../../model';
import type { MessageDraft } from '../types';

/** A draft with no calls and `text` joined from `content`; the caller sets the optional fields it knows. */
export function newDraft(role: Role, sourceType: string, content: ContentBlock[], raw: unknown, path: string): MessageDraft {
  return { role, sourceType, content, text: joinText(content), toolCalls: [], invalidToolCalls: [], raw, location: { path } };
}

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

/** "expected an object with `role` and `content`, got a number" */
export const expectedObject = (what: string, value: unknown): string => `expected an object with ${what}, got ${kindOf(value)}`;

/** The text blocks of a message joined by newlines, as `Message.text` holds them. */
export function joinText(content: readonly ContentBlock[]): string {
  // Most messages have one text block: it is the text, with no array built to join.
  let first: string | undefined;
  let texts: string[] | undefined;
  for (const block of content) {
    if (block.kind !== 'text' || block.text === undefined) continue;
    if (first === undefined) first = block.text;
    else (texts ??= [first]).push(block.text);
  }
  return texts ? texts.join('\n') : (first ?? '');
}

/** A value shown as text: strings as they are, anything else as compact JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return stringifyJson(value) ?? printed(value);
}

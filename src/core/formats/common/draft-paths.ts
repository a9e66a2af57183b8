// Drafts and their paths for adapters whose input elements may each become several messages (a
// user turn carrying tool results, a log line continuing an earlier message), so wrappers.ts's
// one-element-one-message loop does not fit.
import { linePath } from '../../json/locate';
import { kindOf } from '../../json/value';
import type { ContentBlock, Role } from '../../model';
import type { MessageDraft } from '../types';
import { joinText } from './drafts';

/** A draft with no calls and `text` joined from `content`; the caller sets the optional fields it knows. */
export function newDraft(role: Role, sourceType: string, content: ContentBlock[], raw: unknown, path: string): MessageDraft {
  return { role, sourceType, content, text: joinText(content), toolCalls: [], invalidToolCalls: [], raw, location: { path } };
}

/** "expected an object with `role` and `content`, got a number" */
export const expectedObject = (what: string, value: unknown): string => `expected an object with ${what}, got ${kindOf(value)}`;

/** Where an element and the values inside it are, for `location.path`. */
export interface Where {
  path: string;
  /** The path of a value inside the element, given as a suffix like `.content[2]`. */
  inner(suffix: string): string;
}

/**
 * Paths for element `i` of the list at `prefix`. JSON Lines (`lineOf` given) are located by line
 * only, so a value inside a line gets the line's path.
 */
export function whereOf(prefix: string, i: number, lineOf?: readonly number[]): Where {
  if (lineOf !== undefined) {
    const path = linePath(lineOf[i] ?? i + 1);
    return { path, inner: () => path };
  }
  const path = `${prefix}[${i}]`;
  return { path, inner: (suffix) => `${path}${suffix}` };
}

/** Paths for the value at `path`; the root is the empty path. */
export function whereAt(path: string): Where {
  return { path, inner: (suffix) => (path === '' ? suffix.replace(/^\./, '') : `${path}${suffix}`) };
}

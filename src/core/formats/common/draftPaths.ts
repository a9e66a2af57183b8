// Paths and turn splitting for adapters whose input elements may each become several messages (a
// user turn carrying tool results, a log line continuing an earlier message), so messageList.ts's
// one-element-one-message loop does not fit. Unlike splitMessages.ts, where the text around results
// stays one message with the element as raw, a run of blocks here is its own message with its own
// raw and path, as Anthropic and Gemini turns are read.
import { linePath } from '../../json/locate';
import type { Role } from '../../model';
import type { MessageDraft } from '../types';

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

/** Consecutive non-result blocks of one role, from index `first` of the element's list. */
export interface BlockRun {
  role: Role;
  first: number;
  blocks: unknown[];
}

/**
 * A turn's blocks as messages in block order, the way the API sees them: each block `result` reads
 * as a tool result is a message of its own, and the blocks between results one message per run of
 * the same role (`roleOf`), drafted by `runDraft` with the run's raw (its one block, or the list of them).
 */
export function splitTurn(
  blocks: readonly unknown[],
  result: (block: unknown, j: number) => MessageDraft | undefined,
  roleOf: (block: unknown) => Role,
  runDraft: (run: BlockRun, raw: unknown) => MessageDraft,
): MessageDraft[] {
  const drafts: MessageDraft[] = [];
  let run: BlockRun | undefined;
  const close = (): void => {
    if (run === undefined) return;
    drafts.push(runDraft(run, run.blocks.length === 1 ? run.blocks[0] : run.blocks));
    run = undefined;
  };
  blocks.forEach((block, j) => {
    const read = result(block, j);
    if (read) {
      close();
      drafts.push(read);
      return;
    }
    const role = roleOf(block);
    if (run?.role !== role) {
      close();
      run = { role, first: j, blocks: [] };
    }
    run.blocks.push(block);
  });
  close();
  return drafts;
}

/** A turn splitTurn left as one non-tool message is that whole element: its raw and path. Returns it, if so. */
export function wholeTurn(drafts: readonly MessageDraft[], raw: unknown, path: string): MessageDraft | undefined {
  const only = drafts.length === 1 ? drafts[0] : undefined;
  if (only === undefined || only.role === 'tool') return undefined;
  only.raw = raw;
  only.location = { path };
  return only;
}

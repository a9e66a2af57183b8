// Where LangChain-family inputs keep their message list, and the element loop every such adapter
// shares: paths, JSON Lines bad lines and unreadable elements are handled once, here.
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { describeShape, isRecord } from '../../json/value';
import { problemDraft } from './drafts';
import { couldNotRead } from './guard';
import type { MessageDraft, ParsedInput } from '../types';

export interface MessageList {
  list: unknown[];
  /** Path of the list inside the parsed value (empty for a bare array). */
  path: PathSegment[];
}

/** Said in each adapter's `expects`. */
export const WRAPPERS = 'as a bare array, under "messages", or in a LangGraph thread state\'s "values.messages"';

/** The message list of a bare array, `{"messages": [...]}` or a LangGraph thread state `{"values": {"messages": [...]}}`. */
export function findMessageList(value: unknown): MessageList | undefined {
  if (Array.isArray(value)) return { list: value, path: [] };
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.messages)) return { list: value.messages, path: ['messages'] };
  if (isRecord(value.values) && Array.isArray(value.values.messages)) {
    return { list: value.values.messages, path: ['values', 'messages'] };
  }
  return undefined;
}

/** A message as a reader builds it before `raw` and `location` are added (see `placed`). */
export type DraftBody = Omit<MessageDraft, 'raw' | 'location'>;
/** Why an element cannot be read as a message. */
export interface Unreadable {
  unreadable: string;
}
/** Reads one list element, found at `path`, into a draft whose `raw` is the element. */
export type ElementReader = (element: unknown, path: string) => MessageDraft | Unreadable;

/** `body` as the draft of the element `raw` at `path`, completed in place. */
export function placed(body: DraftBody, raw: unknown, path: string): MessageDraft {
  // Assigned, not spread: spreading 100k drafts is a measurable share of an import.
  return Object.assign(body, { raw, location: { path } });
}

const SAMPLE_SIZE = 5;

/**
 * The first `count` elements of `list` that are not JSON Lines bad lines. Detection looks at these
 * only, so a large history costs the same to detect as a small one: every adapter detects in turn.
 */
export function firstElements(list: readonly unknown[], input: Pick<ParsedInput, 'lineErrors'>, count: number): unknown[] {
  const sample: unknown[] = [];
  for (let i = 0; i < list.length && sample.length < count; i++) if (!input.lineErrors?.has(i)) sample.push(list[i]);
  return sample;
}

/** Detection score: the mean of `score` over the first few elements of the message list. */
export function scoreList(input: ParsedInput, score: (element: unknown) => number): number {
  const found = findMessageList(input.value);
  if (!found) return 0;
  const sample = firstElements(found.list, input, SAMPLE_SIZE);
  let total = 0;
  for (const element of sample) total += score(element);
  return sample.length === 0 ? 0 : total / sample.length;
}

/** One draft per list element, in order; what cannot be read stays as an `(unrecognized)` message. */
export function readMessageList(input: ParsedInput, read: ElementReader, expects: string): MessageDraft[] {
  const found = findMessageList(input.value);
  if (!found) {
    // An explicit format choice on a shape without a list: show the whole input rather than nothing.
    return [draftOf(input.value, '', { unreadable: `expected ${expects}; got ${describeShape(input.value)}` })];
  }
  const prefix = formatPath(found.path);
  return found.list.map((element, i) => {
    const path = input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : `${prefix}[${i}]`;
    const lineError = input.lineErrors?.get(i);
    return draftOf(element, path, lineError === undefined ? readSafely(read, element, path) : { unreadable: lineError });
  });
}

function readSafely(read: ElementReader, element: unknown, path: string): MessageDraft | Unreadable {
  try {
    return read(element, path);
  } catch (error) {
    // Hostile input (e.g. nesting deep enough to overflow the stack) must not lose the other messages.
    return { unreadable: couldNotRead(error) };
  }
}

function draftOf(raw: unknown, path: string, read: MessageDraft | Unreadable): MessageDraft {
  return 'unreadable' in read ? problemDraft(raw, path, read.unreadable) : read;
}

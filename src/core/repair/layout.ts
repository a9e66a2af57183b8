// Where each message of a conversation is in the input: the entry of the message list that holds it (its
// element), and, for a message that is one block of a wire message (an Anthropic tool_result, a Gemini
// functionResponse part), that block. Found by identity: the readers keep the parsed values they read a message
// from as its `raw`, so the value's path in the parsed document is where the message is.
import type { Message } from '../model';
import { isRecord } from '../json/value';
import { parsePath, type JsonSpans, type Segment, type Span } from './jsonSpans';

/** Deep enough for every list of messages and their blocks the writable formats have (a dataset row's `messages[i].content[j]`). */
const MAX_DEPTH = 10;

/** Each object and array of the parsed value, by identity, with its path (the first, if it is reached twice). */
export function pathsOf(root: unknown): Map<object, Segment[]> {
  const map = new Map<object, Segment[]>();
  const stack: { value: unknown; path: Segment[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null || map.has(value)) continue;
    map.set(value, path);
    if (path.length >= MAX_DEPTH) continue;
    if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    else if (isRecord(value)) for (const key of Object.keys(value).reverse()) stack.push({ value: value[key], path: [...path, key] });
  }
  return map;
}

/** Where a message is: the elements it spans (most one; an OpenAI Responses AI turn one an item), and its block when it is one. */
export interface Placed {
  /** Indices into the conversation's list, ascending. */
  elements: number[];
  /** The path of its one block inside its element (`['content', 2]`), when the message is a block rather than the element. */
  block?: Segment[];
}

export interface ConversationLayout {
  /** The path of the list whose entries hold the messages (`['messages']`, `[]` for a bare list or JSON Lines). */
  list: Segment[];
  listSpan: Span;
  /** By message index; undefined where the message could not be found in the text. */
  placed: (Placed | undefined)[];
  /** The messages each element holds, by element index. */
  holders: Map<number, number[]>;
}

/** The paths a message was read from: its raw value, its blocks', its calls'. */
function sourcesOf(message: Message, paths: Map<object, Segment[]>): Segment[][] {
  const out: Segment[][] = [];
  const add = (value: unknown): void => {
    const path = typeof value === 'object' && value !== null ? paths.get(value) : undefined;
    if (path) out.push(path);
  };
  add(message.raw);
  for (const block of message.content) add(block.raw);
  for (const call of message.toolCalls) add(call.raw);
  for (const call of message.invalidToolCalls) add(call.raw);
  return out;
}

function commonPrefix(paths: readonly Segment[][]): Segment[] {
  const [first] = paths;
  if (!first) return [];
  let length = first.length;
  for (const path of paths) {
    let i = 0;
    while (i < length && i < path.length && path[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length);
}

/**
 * The conversation's layout, or why it has none: its messages are not all entries (or blocks of entries) of one
 * list. `byLocation`: the messages' `location.path` names their element (msgscope JSON, whose messages share a
 * raw value that an earlier one holds).
 */
export function layoutOf(messages: readonly Message[], spans: JsonSpans, paths: Map<object, Segment[]>, byLocation: boolean): ConversationLayout | string {
  const sources = messages.map((message) => {
    if (!byLocation) return sourcesOf(message, paths);
    const path = parsePath(message.location.path);
    return path ? [path] : [];
  });
  const rawPaths = messages.map((message, i) =>
    byLocation ? sources[i]![0] : typeof message.raw === 'object' && message.raw !== null ? paths.get(message.raw) : undefined,
  );
  // The list is found from each message's own path (its raw value's, else its first call's or block's); one that is
  // no entry of a list (Gemini's systemInstruction, Anthropic's top-level system) is outside it.
  const primaries = sources
    .map((found, i) => rawPaths[i] ?? found[0])
    .filter((path): path is Segment[] => path !== undefined && path.some((s) => typeof s === 'number'));
  if (primaries.length === 0) return 'no message was found in a list in the text';
  let list = commonPrefix(primaries);
  // A list of one element: its path is every message's prefix.
  while (list.length > 0 && typeof list[list.length - 1] === 'number' && primaries.some((path) => path.length === list.length)) list = list.slice(0, -1);
  const under = (path: readonly Segment[]): boolean => path.length > list.length && list.every((segment, i) => path[i] === segment);
  const listSpan = spans.at(list);
  if (!listSpan || !spans.entries(listSpan)) return 'the messages are not entries of one list';
  const holders = new Map<number, number[]>();
  const placed = sources.map((found, index): Placed | undefined => {
    const elements = [
      ...new Set(
        found
          .filter(under)
          .map((path) => path[list.length])
          .filter((segment): segment is number => typeof segment === 'number'),
      ),
    ].sort((a, b) => a - b);
    if (elements.length === 0) return undefined;
    for (const element of elements) holders.set(element, [...(holders.get(element) ?? []), index]);
    const raw = rawPaths[index];
    const inside = raw && raw.length > list.length + 1 && raw[list.length] === elements[0] ? raw.slice(list.length + 1) : [];
    // The block: down to the first list entry inside the element (`content[2]`); a deeper raw value is part of the element.
    const entry = inside.findIndex((segment) => typeof segment === 'number');
    return entry < 0 ? { elements } : { elements, block: inside.slice(0, entry + 1) };
  });
  return { list, listSpan, placed, holders };
}

// LangGraph stream recordings (langchain-ai/langgraph @f09cfe8 `libs/langgraph/langgraph/pregel/main.py`
// stream(), `pregel/_messages.py` StreamMessagesHandler, `pregel/_loop.py` interrupts, `types.py` StreamMode;
// langchain-ai/langgraphjs @f8bdf16 `libs/sdk/src/types.stream.ts`): what `graph.stream()` yields, written
// out as a list. With several stream modes each item is `[mode, chunk]`, with subgraphs
// `[namespace, mode, chunk]`; the SDK's server stream gives `{event, data}` and the v2 stream
// `{type, ns, data, interrupts}`. `values` chunks are whole state snapshots, `updates` chunks
// `{node: update}`, `messages` chunks `[message chunk, metadata]` (chunks of one message share its id and
// add up as langchain-core's `AIMessageChunk.__add__` adds them), and an interrupt arrives as
// `{"__interrupt__": [{id, value}]}` in `values` or `updates`.
import { MAX_DEPTH } from '../../json/depth';
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord, ownField, preview, setField } from '../../json/value';
import { problemDraft } from '../common/drafts';
import { guarded } from '../common/guard';
import { firstElements } from '../common/messageList';
import { readOne } from './langsmith';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'a LangGraph stream written out as a list: [mode, chunk] or [namespace, mode, chunk] items (stream_mode "values", "updates", "messages"...), the SDK\'s {event, data} events or v2 {type, ns, data} parts';
const MODES = new Set([
  'values',
  'updates',
  'messages',
  'messages-tuple',
  'messages/partial',
  'messages/complete',
  'messages/metadata',
  'custom',
  'checkpoints',
  'tasks',
  'debug',
  'events',
  'metadata',
  'error',
  'tools',
]);
const INTERRUPT = '__interrupt__';

interface StreamEvent {
  mode: string;
  /** Empty for the root graph; the subgraph's task path otherwise. */
  namespace: unknown[];
  chunk: unknown;
  interrupts?: unknown;
  /** Path of something inside the chunk. */
  at: (sub: readonly PathSegment[]) => string;
}

function namespaceOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) {
    const parts: unknown[] = value;
    return parts;
  }
  if (typeof value === 'string') return value === '' ? [] : value.split('|');
  return undefined;
}

/** One stream item in any of the shapes, or undefined when it is none. */
function eventOf(item: unknown, pathOf: (sub: readonly PathSegment[]) => string): StreamEvent | undefined {
  if (Array.isArray(item)) {
    if (item.length === 2 && typeof item[0] === 'string' && MODES.has(item[0]))
      return { mode: item[0], namespace: [], chunk: item[1], at: (sub) => pathOf([1, ...sub]) };
    const namespace = namespaceOf(item[0]);
    if (item.length === 3 && namespace && typeof item[1] === 'string' && MODES.has(item[1])) {
      return { mode: item[1], namespace, chunk: item[2], at: (sub) => pathOf([2, ...sub]) };
    }
    return undefined;
  }
  if (!isRecord(item)) return undefined;
  // The server names a subgraph's events `mode|namespace`.
  if (typeof item.event === 'string' && 'data' in item) {
    const [mode = '', ...namespace] = item.event.split('|');
    return MODES.has(mode) ? { mode, namespace, chunk: item.data, at: (sub) => pathOf(['data', ...sub]) } : undefined;
  }
  if (typeof item.type === 'string' && MODES.has(item.type) && 'data' in item && ('ns' in item || 'interrupts' in item)) {
    const event: StreamEvent = { mode: item.type, namespace: namespaceOf(item.ns) ?? [], chunk: item.data, at: (sub) => pathOf(['data', ...sub]) };
    if (item.interrupts !== undefined) event.interrupts = item.interrupts;
    return event;
  }
  return undefined;
}

interface Item {
  value: unknown;
  pathOf: (sub: readonly PathSegment[]) => string;
}

function itemsOf(input: ParsedInput): Item[] | undefined {
  const { value } = input;
  if (!Array.isArray(value)) return undefined;
  return value.map((item: unknown, i) => ({
    value: item,
    pathOf: (sub: readonly PathSegment[]) => (input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : formatPath([i, ...sub])),
  }));
}

function detect(input: ParsedInput): number {
  if (!Array.isArray(input.value)) return 0;
  // The first few elements only: detection runs on every input, a million-message history included.
  const sample = firstElements(input.value, input, 10);
  const pathOf = () => '';
  if (sample.length === 0 || !sample.every((value) => eventOf(value, pathOf))) return 0;
  // One mode only is a list of chunks, which LangGraph yields bare; tuples say which mode each is.
  return 100;
}

/** A message of the stream, keyed by its id, first seen at `order`. */
interface Found {
  order: number;
  /** A whole message (from `updates` or a complete `messages` item), read as is. */
  whole?: { value: unknown; path: string };
  /** Chunks of one message, joined when read. */
  chunks: { value: unknown; path: string }[];
}

interface Tally {
  skipped: Map<string, number>;
  subgraph: number;
  interrupts: unknown[];
  unreadable: MessageDraft[];
}

function read(input: ParsedInput): AdapterOutput {
  const items = itemsOf(input) ?? [];
  const tally: Tally = { skipped: new Map(), subgraph: 0, interrupts: [], unreadable: [] };
  let lastValues: { messages: unknown[]; at: StreamEvent['at']; order: number } | undefined;
  const found = new Map<string, Found>();
  let order = 0;
  const see = (key: string): Found => {
    let entry = found.get(key);
    if (!entry) found.set(key, (entry = { order: order++, chunks: [] }));
    return entry;
  };
  items.forEach((item, i) => {
    const lineError = input.lineErrors?.get(i);
    const event = lineError === undefined ? eventOf(item.value, item.pathOf) : undefined;
    if (!event) {
      tally.unreadable.push(problemDraft(item.value, item.pathOf([]), lineError ?? `expected ${EXPECTS}`));
      return;
    }
    if (event.namespace.length > 0) {
      tally.subgraph++;
      return;
    }
    collectInterrupts(event, tally);
    const { chunk, mode } = event;
    if (mode === 'values') {
      if (isRecord(chunk) && Array.isArray(chunk.messages)) lastValues = { messages: chunk.messages, at: event.at, order };
      else if (!(isRecord(chunk) && INTERRUPT in chunk)) count(tally, mode);
    } else if (mode === 'updates') {
      if (!isRecord(chunk)) {
        count(tally, mode);
        return;
      }
      for (const [node, update] of Object.entries(chunk)) {
        if (node === INTERRUPT) continue;
        const messages = isRecord(update) ? update.messages : undefined;
        const list = Array.isArray(messages) ? messages : messages === undefined ? [] : [messages];
        list.forEach((message, k) => {
          const path = Array.isArray(messages) ? event.at([node, 'messages', k]) : event.at([node, 'messages']);
          see(idOf(message) ?? `${path}`).whole = { value: message, path };
        });
      }
    } else if (mode === 'messages' || mode === 'messages-tuple') {
      const message: unknown = Array.isArray(chunk) ? chunk[0] : undefined;
      if (message === undefined) {
        count(tally, mode);
        return;
      }
      const path = event.at([0]);
      const entry = see(idOf(message) ?? path);
      if (isChunk(message)) entry.chunks.push({ value: message, path });
      else entry.whole = { value: message, path };
    } else if (mode === 'messages/partial' || mode === 'messages/complete') {
      // Each item holds the message so far (partial) or done (complete): the latest one is the message.
      if (!Array.isArray(chunk)) {
        count(tally, mode);
        return;
      }
      chunk.forEach((message, k) => {
        const path = event.at([k]);
        see(idOf(message) ?? path).whole = { value: message, path };
      });
    } else count(tally, mode);
  });
  const messages = [...tally.unreadable];
  const notes: string[] = [];
  let seenIds = new Set<string>();
  if (lastValues) {
    const values = lastValues;
    pushAll(
      messages,
      values.messages.map((message, k) => readOne(message, values.at(['messages', k]))),
    );
    seenIds = new Set(values.messages.flatMap((message) => idOf(message) ?? []));
  }
  const streamed = [...found.entries()].filter(([key]) => !seenIds.has(key)).sort(([, a], [, b]) => a.order - b.order);
  let empty = 0;
  let unheld = 0;
  let after = 0;
  for (const [, entry] of streamed) {
    const draft = entry.whole ? readOne(entry.whole.value, entry.whole.path) : joinedDraft(entry.chunks);
    if (!draft) continue;
    // Chunks that add up to nothing (a provider's closing chunk under an id of its own) are not a message.
    if (!entry.whole && draft.role === 'ai' && draft.text === '' && draft.toolCalls.length === 0 && draft.content.length === 0) empty++;
    // Streamed before the last state, which does not hold it: the graph removed or replaced it.
    else if (lastValues && entry.order < lastValues.order) unheld++;
    else {
      if (lastValues) after++;
      messages.push(draft);
    }
  }
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  if (after > 0) notes.push('The history is the last "values" state, followed by the messages streamed after it.');
  if (unheld > 0) {
    notes.push(
      `${plural(unheld, 'message was', 'messages were')} streamed that the last "values" state does not hold (removed or replaced by the graph): not shown.`,
    );
  }
  if (empty > 0) notes.push(`${plural(empty, 'streamed message', 'streamed messages')} with no content and no tool calls left out.`);
  pushAll(notes, tallyNotes(tally));
  if (messages.length === 0)
    messages.push(problemDraft(input.value, '', 'no messages: the stream has no "values" state with messages, no message updates and no message chunks'));
  return { messages, notes };
}

function count(tally: Tally, mode: string): void {
  tally.skipped.set(mode, (tally.skipped.get(mode) ?? 0) + 1);
}

function collectInterrupts(event: StreamEvent, tally: Tally): void {
  const { chunk } = event;
  const given = event.interrupts ?? (isRecord(chunk) && (event.mode === 'values' || event.mode === 'updates') ? chunk[INTERRUPT] : undefined);
  const list: unknown[] = Array.isArray(given) ? given : [];
  pushAll(tally.interrupts, list);
}

function tallyNotes(tally: Tally): string[] {
  const notes: string[] = [];
  if (tally.interrupts.length > 0) {
    const what = tally.interrupts.map((interrupt) => preview(isRecord(interrupt) && 'value' in interrupt ? interrupt.value : interrupt, 120)).join('; ');
    notes.push(`The run stopped at ${tally.interrupts.length === 1 ? 'an interrupt' : `${tally.interrupts.length} interrupts`}, waiting for a human: ${what}`);
  }
  if (tally.subgraph > 0)
    notes.push(`${tally.subgraph} subgraph event${tally.subgraph === 1 ? '' : 's'} (with a namespace) not shown: the history is the root graph's.`);
  if (tally.skipped.size > 0)
    notes.push(`Not messages, so not shown: ${[...tally.skipped].map(([mode, n]) => `${n} "${mode}" event${n === 1 ? '' : 's'}`).join(', ')}.`);
  return notes;
}

/** The fields of a message in any LangChain form: serialized `kwargs`, stored `data`, or the dict itself. */
function fieldsOf(message: unknown): Record<string, unknown> | undefined {
  if (!isRecord(message)) return undefined;
  if (message.lc === 1) return isRecord(message.kwargs) ? message.kwargs : undefined;
  return isRecord(message.data) ? message.data : message;
}

function classOf(message: unknown): string | undefined {
  if (!isRecord(message)) return undefined;
  if (message.lc === 1 && Array.isArray(message.id)) {
    const last: unknown = message.id[message.id.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return typeof message.type === 'string' ? message.type : undefined;
}

function idOf(message: unknown): string | undefined {
  const id = fieldsOf(message)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function isChunk(message: unknown): boolean {
  return classOf(message)?.endsWith('Chunk') === true || Array.isArray(fieldsOf(message)?.tool_call_chunks);
}

/** The chunks of one message added up, in the message's own form, then read like any other. */
function joinedDraft(chunks: readonly { value: unknown; path: string }[]): MessageDraft | undefined {
  const first = chunks[0];
  if (!first) return undefined;
  let fields: Record<string, unknown> = {};
  for (const chunk of chunks) fields = addChunk(fields, fieldsOf(chunk.value) ?? {});
  const callChunks = Array.isArray(fields.tool_call_chunks) ? fields.tool_call_chunks : [];
  const calls = Array.isArray(fields.tool_calls) ? fields.tool_calls : [];
  // The calls a chunked message makes are its tool_call_chunks, their arguments joined: read as a call's arguments string.
  if (calls.length === 0 && callChunks.length > 0) {
    fields.tool_calls = callChunks.filter(isRecord).map((part) => ({ id: part.id, name: part.name, args: typeof part.args === 'string' ? part.args : '' }));
  }
  const message = first.value;
  const whole =
    isRecord(message) && message.lc === 1
      ? { ...message, kwargs: fields }
      : isRecord(message) && isRecord(message.data)
        ? { ...message, data: fields }
        : fields;
  const draft = readOne(whole, first.path);
  draft.raw = chunks.length === 1 ? first.value : chunks.map((chunk) => chunk.value);
  return draft;
}

/** One chunk added to the fields so far: content and arguments concatenate, lists merge by `index` (langchain-core `utils/_merge.py`). */
function addChunk(left: Record<string, unknown>, right: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...left };
  for (const [key, value] of Object.entries(right)) {
    const current = ownField(merged, key);
    if (key === 'content') merged[key] = mergeContent(current, value);
    else if (key === 'usage_metadata') merged[key] = isRecord(current) && isRecord(value) ? addCounts(current, value) : (value ?? current);
    else setField(merged, key, mergeValue(key, current, value));
  }
  return merged;
}

function mergeValue(key: string, left: unknown, right: unknown, depth = 0): unknown {
  if (left === undefined || left === null) return right;
  if (right === undefined || right === null) return left;
  if (typeof left === 'string' && typeof right === 'string') {
    // Ids, types and provider names repeat on every chunk; text and arguments arrive in pieces.
    if (key === 'id' || key === 'type' || key === 'name' || key === 'model_provider' || key === 'output_version' || left === right) return left;
    return left + right;
  }
  // Merged as deep as input nests (json/depth); below that, the first chunk's value stands.
  if (depth >= MAX_DEPTH) return left;
  if (isRecord(left) && isRecord(right)) {
    const merged: Record<string, unknown> = { ...left };
    for (const [k, v] of Object.entries(right)) setField(merged, k, mergeValue(k, ownField(merged, k), v, depth + 1));
    return merged;
  }
  if (Array.isArray(left) && Array.isArray(right)) return mergeLists(left, right, depth + 1);
  return left;
}

function mergeLists(left: readonly unknown[], right: readonly unknown[], depth = 0): unknown[] {
  const merged = [...left];
  for (const element of right) {
    const index = isRecord(element) ? element.index : undefined;
    const at = typeof index === 'number' ? merged.findIndex((other) => isRecord(other) && other.index === index) : -1;
    const target = merged[at];
    if (at >= 0 && isRecord(target) && isRecord(element)) merged[at] = mergeValue('', target, element, depth + 1);
    else merged.push(element);
  }
  return merged;
}

function mergeContent(left: unknown, right: unknown): unknown {
  const empty = (value: unknown): boolean => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty(left)) return right;
  if (empty(right)) return left;
  if (typeof left === 'string' && typeof right === 'string') return left + right;
  const list: unknown[] = Array.isArray(left) ? left : [left];
  const last = list.at(-1);
  // Text after blocks extends the text that ends them.
  if (typeof right === 'string' && typeof last === 'string') return [...list.slice(0, -1), last + right];
  const more: unknown[] = Array.isArray(right) ? right : [right];
  return mergeLists(list, more);
}

function addCounts(left: Record<string, unknown>, right: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth >= MAX_DEPTH) return left;
  const sum: Record<string, unknown> = { ...left };
  for (const [key, value] of Object.entries(right)) {
    const current = ownField(sum, key);
    if (typeof current === 'number' && typeof value === 'number') setField(sum, key, current + value);
    else if (isRecord(current) && isRecord(value)) setField(sum, key, addCounts(current, value, depth + 1));
    else if (current === undefined || current === null) setField(sum, key, value);
  }
  return sum;
}

export const langgraphStream: FormatAdapter = guarded({
  name: 'langgraph-stream',
  label: 'LangGraph stream',
  expects: EXPECTS,
  detect,
  read,
});

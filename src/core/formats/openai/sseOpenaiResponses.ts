// OpenAI Responses streams: `response.*` events (SSE data, or one a line). The final
// response.completed (or .incomplete / .failed) carries the whole Response, which is read when it has
// the output; otherwise the output is assembled from output_item.added / .done and the deltas between
// them, as openai-node's response accumulator does. Then read by openaiResponses.ts. A
// response.created after a finished response is the next call's stream. Sources: docs/FORMATS.md,
// "Provider streams".
import { isRecord } from '../../json/value';
import { numberOf, stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader, type StreamEvent } from '../common/stream';
import type { Mark } from '../common/markedList';
import { openaiResponses } from './openaiResponses';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'OpenAI Responses stream events ({"type": "response.created" | "response.output_item.added" | "response.output_text.delta" | ... | "response.completed", "sequence_number"}) as SSE, JSON Lines or a JSON array';

function classify(event: unknown): Mark {
  if (!isRecord(event) || typeof event.type !== 'string') return 'foreign';
  return event.type.startsWith('response.') ? 'marked' : 'plain';
}

/** Events that only report progress: the item they concern arrives whole in output_item.done. */
const PROGRESS = new Set([
  'response.in_progress',
  'response.queued',
  'response.content_part.done',
  'response.reasoning_summary_part.done',
  'response.code_interpreter_call.in_progress',
  'response.code_interpreter_call.interpreting',
  'response.code_interpreter_call.completed',
  'response.file_search_call.in_progress',
  'response.file_search_call.searching',
  'response.file_search_call.completed',
  'response.web_search_call.in_progress',
  'response.web_search_call.searching',
  'response.web_search_call.completed',
  'response.image_generation_call.in_progress',
  'response.image_generation_call.generating',
  'response.image_generation_call.completed',
  'response.image_generation_call.partial_image',
  'response.mcp_call.in_progress',
  'response.mcp_call.completed',
  'response.mcp_call.failed',
  'response.mcp_list_tools.in_progress',
  'response.mcp_list_tools.completed',
  'response.mcp_list_tools.failed',
  'response.audio.delta',
  'response.audio.done',
  'response.audio.transcript.delta',
  'response.audio.transcript.done',
  'response.shell_call_command.added',
  'response.shell_call_command.delta',
  'response.shell_call_command.done',
  'response.shell_call_output_content.delta',
  'response.shell_call_output_content.done',
  'keepalive',
]);

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** Where a delta's text goes: the field of the item, or of one of its content or summary parts. */
const TEXT_EVENTS = new Map<string, { list?: 'content' | 'summary'; field: string; part?: string; done?: string }>([
  ['response.output_text.delta', { list: 'content', field: 'text', part: 'output_text' }],
  ['response.output_text.done', { list: 'content', field: 'text', part: 'output_text', done: 'text' }],
  ['response.refusal.delta', { list: 'content', field: 'refusal', part: 'refusal' }],
  ['response.refusal.done', { list: 'content', field: 'refusal', part: 'refusal', done: 'refusal' }],
  ['response.reasoning_text.delta', { list: 'content', field: 'text', part: 'reasoning_text' }],
  ['response.reasoning_text.done', { list: 'content', field: 'text', part: 'reasoning_text', done: 'text' }],
  ['response.reasoning_summary_text.delta', { list: 'summary', field: 'text', part: 'summary_text' }],
  ['response.reasoning_summary_text.done', { list: 'summary', field: 'text', part: 'summary_text', done: 'text' }],
  ['response.function_call_arguments.delta', { field: 'arguments' }],
  ['response.function_call_arguments.done', { field: 'arguments', done: 'arguments' }],
  ['response.mcp_call_arguments.delta', { field: 'arguments' }],
  ['response.mcp_call_arguments.done', { field: 'arguments', done: 'arguments' }],
  ['response.custom_tool_call_input.delta', { field: 'input' }],
  ['response.custom_tool_call_input.done', { field: 'input', done: 'input' }],
  ['response.code_interpreter_call_code.delta', { field: 'code' }],
  ['response.code_interpreter_call_code.done', { field: 'code', done: 'code' }],
]);

interface Item {
  value: Record<string, unknown>;
  done: boolean;
}

/** One Response being streamed. */
class Assembly {
  readonly events: StreamedResponse;
  readonly items = new Map<number, Item>();
  response: Record<string, unknown> = {};
  terminal: Record<string, unknown> | undefined;
  failed = false;

  constructor(first: number) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.terminal?.id) ?? stringOf(this.response.id);
  }

  /** The item an event names by `output_index` (or by `item_id`). */
  item(event: Record<string, unknown>): Item | undefined {
    const index = numberOf(event.output_index);
    if (index !== undefined) return this.items.get(index);
    return [...this.items.values()].find((item) => item.value.id === event.item_id);
  }

  /** The Response to read: the final one when it has the output, else the one assembled here. */
  finish(): Record<string, unknown> {
    const final = this.terminal;
    if (final && Array.isArray(final.output) && (final.output.length > 0 || this.items.size === 0)) return final;
    const output = [...this.items].sort(([a], [b]) => a - b).map(([, item]) => item.value);
    return { ...this.response, ...final, object: 'response', output };
  }
}

class ResponsesStream extends StreamReader<Assembly, 'type'> {
  private strayDeltas = 0;

  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'a stream event {"type": ...}', 'type');
  }

  protected event(event: StreamEvent<'type'>, i: number): void {
    const { type } = event;
    if (type === 'response.created' || (type === 'response.queued' && !this.current)) return this.created(event, i);
    if (TERMINAL.has(type)) return this.terminal(event, i);
    if (type === 'response.output_item.added' || type === 'response.output_item.done') return this.outputItem(event, i);
    if (type === 'response.content_part.added' || type === 'response.reasoning_summary_part.added') return this.partAdded(event, i);
    if (type === 'response.output_text.annotation.added') return this.annotation(event);
    const text = TEXT_EVENTS.get(type);
    if (text) return this.text(event, text);
    if (type === 'error') return this.error(event);
    if (PROGRESS.has(type)) {
      if (type === 'response.in_progress' && isRecord(event.response)) this.open(i).response = event.response;
      return;
    }
    this.events.unknownType(type);
  }

  private created(event: Record<string, unknown>, i: number): void {
    this.close();
    this.current = new Assembly(i);
    if (isRecord(event.response)) this.current.response = event.response;
  }

  /** The response being streamed; events before any response.created (a capture cut at its start) begin one. */
  private open(i: number): Assembly {
    if (this.current) return this.current;
    this.events.note('The stream has events before any response.created: they were read as one response.');
    this.current = new Assembly(i);
    return this.current;
  }

  private terminal(event: Record<string, unknown>, i: number): void {
    const current = this.open(i);
    const response = isRecord(event.response) ? event.response : {};
    current.terminal = response;
    current.failed = event.type === 'response.failed';
    if (current.failed) {
      const error = isRecord(response.error) ? response.error : {};
      const why = [stringOf(error.code), stringOf(error.message)].filter((s) => s !== undefined).join(': ');
      this.events.note(`${named(current.id)} failed${why === '' ? '' : `: ${why}`}.`);
    } else if (event.type === 'response.incomplete') {
      const details = isRecord(response.incomplete_details) ? response.incomplete_details : {};
      const why = stringOf(details.reason);
      this.events.note(`${named(current.id)} is incomplete${why === undefined ? '' : ` (${why})`}.`);
    }
    this.close();
  }

  private outputItem(event: Record<string, unknown>, i: number): void {
    const current = this.open(i);
    const index = numberOf(event.output_index) ?? current.items.size;
    if (!isRecord(event.item)) return this.events.problem(i, `expected ${String(event.type)} to carry an \`item\``, current.events);
    const done = event.type === 'response.output_item.done';
    current.items.set(index, { value: done ? event.item : ownCopy(event.item), done });
    current.events.mark(`output[${index}]`, i);
  }

  /** A content part or reasoning summary part begins: its deltas follow. */
  private partAdded(event: Record<string, unknown>, i: number): void {
    const item = this.open(i).item(event);
    if (!item) {
      this.strayDeltas++;
      return;
    }
    const list = event.type === 'response.content_part.added' ? 'content' : 'summary';
    const at = numberOf(list === 'content' ? event.content_index : event.summary_index) ?? 0;
    const parts = listOf(item.value, list);
    if (isRecord(event.part)) parts[at] = { ...event.part };
  }

  private text(event: Record<string, unknown>, how: { list?: 'content' | 'summary'; field: string; part?: string; done?: string }): void {
    const item = this.current?.item(event);
    if (!item) {
      this.strayDeltas++;
      return;
    }
    // The finished item replaces everything its deltas built.
    if (item.done) return;
    let holder = item.value;
    if (how.list) {
      const parts = listOf(item.value, how.list);
      const at = numberOf(how.list === 'content' ? event.content_index : event.summary_index) ?? 0;
      const part = isRecord(parts[at]) ? parts[at] : { type: how.part };
      parts[at] = part;
      holder = part;
    }
    if (how.done !== undefined) {
      if (typeof event[how.done] === 'string') holder[how.field] = event[how.done];
    } else if (typeof event.delta === 'string') {
      const before = holder[how.field];
      holder[how.field] = (typeof before === 'string' ? before : '') + event.delta;
    }
  }

  private annotation(event: Record<string, unknown>): void {
    const item = this.current?.item(event);
    if (!item) {
      this.strayDeltas++;
      return;
    }
    if (item.done) return;
    const parts = listOf(item.value, 'content');
    const part = parts[numberOf(event.content_index) ?? 0];
    // A new list: the part's own may be the input's.
    if (isRecord(part)) part.annotations = [...arrayAt(part, 'annotations'), event.annotation];
  }

  private error(event: Record<string, unknown>): void {
    const error = isRecord(event.error) ? event.error : event;
    const why = [stringOf(error.code), stringOf(error.message)].filter((s) => s !== undefined).join(': ');
    this.events.note(`The stream reported an error${why === '' ? '' : `: ${why}`}.`);
  }

  protected readResponse(current: Assembly, nth: number): void {
    const label = current.id ?? `response ${nth}`;
    if (!current.terminal) {
      const open = [...current.items].filter(([, item]) => !item.done).map(([index]) => index);
      const still = open.length > 0 ? `; output item ${open.join(', ')} had not finished` : '';
      this.events.note(`The stream ended before response.completed: ${label} shows what arrived${still}.`);
    }
    const response = current.finish();
    // A response that streamed no output (one that failed at once) has nothing to read; its notes say why.
    if (!Array.isArray(response.output) || response.output.length === 0) {
      if (!current.failed) this.events.note(`${named(current.id)} has no output.`);
      return;
    }
    this.events.add(label, current.events, openaiResponses.read({ value: response, jsonLines: false, lineOf: [] }).messages);
  }

  protected override ended(): void {
    if (this.strayDeltas > 0) this.events.note(`${this.strayDeltas} delta event(s) named an output item the stream never announced; they were left out.`);
  }
}

const named = (id: string | undefined): string => (id === undefined ? 'The response' : `Response ${id}`);

/** An item the deltas will fill in: its part lists and parts copied, so the input's events stay as they were. */
function ownCopy(item: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...item };
  for (const key of ['content', 'summary'] as const) {
    if (Array.isArray(item[key])) copy[key] = arrayAt(item, key).map((part) => (isRecord(part) ? { ...part } : part));
  }
  return copy;
}

function arrayAt(record: Record<string, unknown>, key: string): unknown[] {
  const list: unknown = record[key];
  return Array.isArray(list) ? list : [];
}

/** The item's `content` or `summary` list, made when it has none. */
function listOf(item: Record<string, unknown>, key: 'content' | 'summary'): unknown[] {
  const list = item[key];
  if (Array.isArray(list)) return list;
  const made: unknown[] = [];
  item[key] = made;
  return made;
}

export const sseOpenaiResponses: FormatAdapter = streamAdapter(
  { name: 'sse-openai-responses', label: 'OpenAI Responses stream', expects: EXPECTS },
  classify,
  ResponsesStream,
);

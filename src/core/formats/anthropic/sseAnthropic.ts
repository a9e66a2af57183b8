// Anthropic Messages streams: the events of `stream: true` (message_start, content_block_start /
// _delta / _stop, message_delta, message_stop, ping, error), as SSE data or one event a line, assembled
// into the Message they stream the way the SDK's MessageStream accumulates it, then read as a response
// by anthropicMessage.ts. Sources: docs/FORMATS.md, "Provider streams".
import { assignFields, isRecord, parseJson } from '../../json/value';
import { stringOf } from '../common/fields';
import { whereAt } from '../common/draftPaths';
import { StreamedResponse, streamAdapter, StreamReader, type StreamEvent } from '../common/stream';
import type { Mark } from '../common/markedList';
import { readAnthropicMessage } from './anthropicMessage';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'Anthropic Messages stream events ({"type": "message_start" | "content_block_start" | "content_block_delta" | "content_block_stop" | "message_delta" | "message_stop" | "ping" | "error", ...}) as SSE, JSON Lines or a JSON array';

const MARKS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);

function classify(event: unknown): Mark {
  if (!isRecord(event) || typeof event.type !== 'string') return 'foreign';
  return MARKS.has(event.type) ? 'marked' : 'plain';
}

interface Block {
  value: Record<string, unknown>;
  /** The tool input's `partial_json` fragments joined, once one has come. */
  json?: string;
  stopped: boolean;
}

/** The Message being streamed. */
class Assembly {
  readonly events: StreamedResponse;
  readonly blocks: Block[] = [];
  stopped = false;

  constructor(
    readonly message: Record<string, unknown>,
    first: number,
  ) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.message.id);
  }

  /** The Message with its content blocks, tool inputs parsed: a string where they are not JSON, which the reader flags. */
  finish(): Record<string, unknown> {
    const content = this.blocks.flatMap(({ value, json }) => {
      if (json === undefined) return [value];
      // The SDK reads no fragments (or only empty ones) as `{}`.
      const input = json === '' ? (value.input ?? {}) : (parseJson(json)?.value ?? json);
      return [{ ...value, input }];
    });
    return { ...this.message, content };
  }
}

function blockFor(delta: Record<string, unknown>): Record<string, unknown> {
  switch (delta.type) {
    case 'thinking_delta':
    case 'signature_delta':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'input_json_delta':
      return { type: 'tool_use', input: {} };
    default:
      return { type: 'text', text: '' };
  }
}

function listAt(record: Record<string, unknown>, key: string): unknown[] {
  const list: unknown = record[key];
  return Array.isArray(list) ? list : [];
}

const append = (value: unknown, more: unknown): string => (typeof value === 'string' ? value : '') + (typeof more === 'string' ? more : '');

class AnthropicStream extends StreamReader<Assembly, 'type'> {
  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'a stream event {"type": ...}', 'type');
  }

  protected event(event: StreamEvent<'type'>, i: number): void {
    switch (event.type) {
      case 'message_start':
        return this.start(event, i);
      case 'content_block_start':
        return this.blockStart(event, i);
      case 'content_block_delta':
        return this.delta(event, i);
      case 'content_block_stop': {
        const block = this.current?.blocks[Number(event.index)];
        if (block) block.stopped = true;
        else this.events.note(`content_block_stop came for a block that had not started.`);
        return;
      }
      case 'message_delta':
        return this.messageDelta(event, i);
      case 'message_stop':
        if (!this.current) return this.events.note('message_stop came with no message streaming.');
        this.current.stopped = true;
        return this.close();
      case 'ping':
        return;
      case 'error': {
        const error = isRecord(event.error) ? event.error : {};
        const what = [stringOf(error.type), stringOf(error.message)].filter((s) => s !== undefined).join(': ');
        return this.events.note(`The stream reported an error${what === '' ? '' : `: ${what}`}.`);
      }
      default:
        return this.events.unknownType(event.type);
    }
  }

  private start(event: Record<string, unknown>, i: number): void {
    const message = isRecord(event.message) ? event.message : {};
    const current = this.current;
    // A repeated message_start for the same message, before any content, starts nothing new.
    if (current && !current.stopped && current.blocks.length === 0 && current.id !== undefined && current.id === stringOf(message.id)) {
      this.events.note(`message_start came twice for ${current.id}; the second was read as the same message.`);
      return;
    }
    this.close();
    this.current = new Assembly({ type: 'message', role: 'assistant', ...message, content: [] }, i);
  }

  /** The message being streamed; one without message_start (a capture cut at its start) is begun here. */
  private open(i: number): Assembly {
    if (this.current) return this.current;
    this.events.note('The stream has events before any message_start: they were read as one assistant message.');
    this.current = new Assembly({ type: 'message', role: 'assistant', content: [] }, i);
    return this.current;
  }

  private blockStart(event: Record<string, unknown>, i: number): void {
    const current = this.open(i);
    const index = Number(event.index);
    if (!Number.isInteger(index) || index < 0 || !isRecord(event.content_block)) {
      return this.events.problem(i, 'expected content_block_start to carry an `index` and a `content_block`', current.events);
    }
    current.blocks[index] = { value: { ...event.content_block }, stopped: false };
    current.events.mark(`content[${index}]`, i);
  }

  private delta(event: Record<string, unknown>, i: number): void {
    const current = this.open(i);
    const index = Number(event.index);
    const delta = event.delta;
    if (!Number.isInteger(index) || index < 0 || !isRecord(delta)) {
      return this.events.problem(i, 'expected content_block_delta to carry an `index` and a `delta`', current.events);
    }
    let block = current.blocks[index];
    if (!block) {
      this.events.note(`Content block ${index} has deltas but no content_block_start; its type was taken from them.`);
      block = current.blocks[index] = { value: blockFor(delta), stopped: false };
      current.events.mark(`content[${index}]`, i);
    }
    const value = block.value;
    switch (delta.type) {
      case 'text_delta':
        value.text = append(value.text, delta.text);
        return;
      case 'thinking_delta':
        value.thinking = append(value.thinking, delta.thinking);
        return;
      case 'signature_delta':
        value.signature = delta.signature;
        return;
      case 'input_json_delta':
        block.json = append(block.json, delta.partial_json);
        return;
      case 'citations_delta':
        value.citations = [...listAt(value, 'citations'), delta.citation];
        return;
      default:
        this.events.unknownType(`content_block_delta ${stringOf(delta.type) ?? '(no type)'}`);
    }
  }

  /** Stop reason and the final usage counts: cumulative totals that replace those of message_start where given. */
  private messageDelta(event: Record<string, unknown>, i: number): void {
    const { message } = this.open(i);
    if (isRecord(event.delta)) assignFields(message, event.delta);
    if (!isRecord(event.usage)) return;
    const given = Object.entries(event.usage).filter(([, count]) => count !== null && count !== undefined);
    message.usage = { ...(isRecord(message.usage) ? message.usage : {}), ...Object.fromEntries(given) };
  }

  protected readResponse(current: Assembly, nth: number): void {
    const label = current.id ?? `message ${nth}`;
    if (!current.stopped) {
      const open = current.blocks.flatMap((block, index) => (block.stopped ? [] : [`${index} (${stringOf(block.value.type) ?? 'untyped'})`]));
      const still = open.length > 0 ? `; content block ${open.join(', ')} had not stopped` : '';
      this.events.note(`The stream ended before message_stop: ${label} shows what arrived${still}.`);
    }
    const message = current.finish();
    this.events.add(label, current.events, readAnthropicMessage(message, whereAt('')));
  }
}

export const sseAnthropic: FormatAdapter = streamAdapter(
  { name: 'sse-anthropic', label: 'Anthropic Messages stream', expects: EXPECTS },
  classify,
  AnthropicStream,
);

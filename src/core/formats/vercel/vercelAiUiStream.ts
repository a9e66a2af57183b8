// Vercel AI SDK UI message streams: the UIMessageChunks a route sends useChat (`start`, `text-start` /
// `-delta` / `-end`, `reasoning-*`, `tool-input-start` / `-delta` / `-available`, `tool-output-*`,
// `start-step` / `finish-step`, `finish`...), as SSE data or a list, assembled into the assistant
// UIMessage the way processUIMessageStream builds it, then read by vercelAiUi.ts. Sources:
// docs/FORMATS.md, "Provider streams".
import { isRecord, parseJson } from '../../json/value';
import { stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader, type StreamEvent } from '../common/stream';
import type { Mark } from '../common/markedList';
import { vercelAiUi } from './vercelAiUi';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'AI SDK UI message stream chunks ({"type": "start" | "text-start" | "text-delta" | "tool-input-start" | "tool-output-available" | "start-step" | "finish" | ...}) as SSE, JSON Lines or a JSON array';

/** Chunks only the UI message stream sends (the model's stream parts and fullStream have others). */
const UI_ONLY = new Set([
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'tool-approval-response',
  'message-metadata',
  'reset-step',
]);
/** Stream parts of the model (LanguageModelV2/V3) and of fullStream, which a UI stream never holds. */
const OTHER_STREAMS = new Set(['stream-start', 'response-metadata', 'tool-call', 'tool-result', 'tool-error', 'raw', 'start-step-result']);

function classify(chunk: unknown): Mark {
  if (!isRecord(chunk) || typeof chunk.type !== 'string') return 'foreign';
  const { type } = chunk;
  if (OTHER_STREAMS.has(type)) return 'foreign';
  // fullStream's text and reasoning deltas carry `text`; the UI stream's carry `delta`.
  if ((type === 'text-delta' || type === 'reasoning-delta') && typeof chunk.delta !== 'string') return 'foreign';
  if (UI_ONLY.has(type)) return 'marked';
  if ((type === 'tool-input-start' || type === 'tool-input-delta') && typeof chunk.toolCallId === 'string') return 'marked';
  return type === 'text-delta' || type === 'start-step' || type === 'finish-step' ? 'marked' : 'plain';
}

/** Chunks whose fields are the part they add, as processUIMessageStream pushes them. */
const PART_CHUNKS = new Set(['file', 'reasoning-file', 'source-url', 'source-document', 'custom']);

type Part = Record<string, unknown>;

/** The assistant UIMessage being streamed. */
class Assembly {
  readonly events: StreamedResponse;
  readonly message: Record<string, unknown> = { id: undefined, role: 'assistant', parts: [] };
  readonly parts: Part[] = [];
  /** The chunk that began each part, for where it is located. */
  readonly began = new Map<Part, number>();
  readonly open = new Map<string, Part>();
  /** Tool input fragments by call id, for calls that never get `tool-input-available`. */
  readonly inputText = new Map<string, string>();
  finished = false;

  constructor(first: number) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.message.id);
  }

  push(part: Part, i: number): Part {
    this.parts.push(part);
    this.began.set(part, i);
    return part;
  }

  tool(toolCallId: string): Part | undefined {
    return this.parts.find((part) => part.toolCallId === toolCallId && (part.type === 'dynamic-tool' || String(part.type).startsWith('tool-')));
  }

  metadata(value: unknown): void {
    if (!isRecord(value)) return;
    this.message.metadata = { ...(isRecord(this.message.metadata) ? this.message.metadata : {}), ...value };
  }

  finish(): Record<string, unknown> {
    for (const part of this.parts) {
      const text = typeof part.toolCallId === 'string' ? this.inputText.get(part.toolCallId) : undefined;
      // The SDK parses the fragments as they come; once they stop, the whole text is the input.
      if (part.input === undefined && text !== undefined && text !== '') part.input = parseJson(text)?.value ?? text;
    }
    this.parts.forEach((part, k) => this.events.mark(`[0].parts[${k}]`, this.began.get(part) ?? this.events.first));
    const { id, ...rest } = this.message;
    return { ...(id !== undefined && { id }), ...rest, parts: this.parts };
  }
}

class UiStream extends StreamReader<Assembly, 'type'> {
  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'a UI message chunk {"type": ...}', 'type');
  }

  private open(i: number): Assembly {
    this.current ??= new Assembly(i);
    return this.current;
  }

  protected event(chunk: StreamEvent<'type'>, i: number): void {
    const { type } = chunk;
    // A `start` after a finished message is the next response's stream.
    if (type === 'start' && this.current?.finished) this.close();
    const ui = this.open(i);
    if (type === 'start') {
      if (typeof chunk.messageId === 'string') ui.message.id = chunk.messageId;
      return ui.metadata(chunk.messageMetadata);
    }
    if (type === 'text-start' || type === 'reasoning-start') return this.textStart(ui, chunk, i);
    if (type === 'text-delta' || type === 'reasoning-delta') return this.textDelta(ui, chunk, i);
    if (type === 'text-end' || type === 'reasoning-end') return this.textEnd(ui, chunk);
    if (type.startsWith('tool-')) return this.tool(ui, chunk, i);
    if (PART_CHUNKS.has(type)) {
      ui.push({ ...chunk }, i);
      return;
    }
    if (type.startsWith('data-')) return this.data(ui, chunk, i);
    switch (type) {
      case 'start-step':
        ui.push({ type: 'step-start' }, i);
        return;
      case 'finish-step':
        ui.open.clear();
        return;
      case 'reset-step':
        return this.resetStep(ui);
      case 'finish':
        ui.finished = true;
        return ui.metadata(chunk.messageMetadata);
      case 'message-metadata':
        return ui.metadata(chunk.messageMetadata);
      case 'abort':
        ui.finished = true;
        return this.events.note(`The stream was aborted${typeof chunk.reason === 'string' ? `: ${chunk.reason}` : ''}.`);
      case 'error':
        return this.events.note(`The stream reported an error${typeof chunk.errorText === 'string' ? `: ${chunk.errorText}` : ''}.`);
      default:
        this.events.unknownType(type);
    }
  }

  private textStart(ui: Assembly, chunk: Record<string, unknown>, i: number): void {
    const kind = chunk.type === 'text-start' ? 'text' : 'reasoning';
    const part = ui.push(
      { type: kind, text: '', state: 'streaming', ...(chunk.providerMetadata !== undefined && { providerMetadata: chunk.providerMetadata }) },
      i,
    );
    ui.open.set(`${kind}:${String(chunk.id)}`, part);
  }

  private textDelta(ui: Assembly, chunk: Record<string, unknown>, i: number): void {
    const kind = chunk.type === 'text-delta' ? 'text' : 'reasoning';
    const key = `${kind}:${String(chunk.id)}`;
    let part = ui.open.get(key);
    if (!part) {
      this.events.note(`A ${String(chunk.type)} came for a ${kind} part that had not started; it begins one.`);
      part = ui.push({ type: kind, text: '', state: 'streaming' }, i);
      ui.open.set(key, part);
    }
    part.text = String(part.text) + String(chunk.delta);
  }

  private textEnd(ui: Assembly, chunk: Record<string, unknown>): void {
    const kind = chunk.type === 'text-end' ? 'text' : 'reasoning';
    const key = `${kind}:${String(chunk.id)}`;
    const part = ui.open.get(key);
    if (part) part.state = 'done';
    ui.open.delete(key);
  }

  private tool(ui: Assembly, chunk: Record<string, unknown>, i: number): void {
    const id = stringOf(chunk.toolCallId);
    if (id === undefined) return this.events.problem(i, `expected ${String(chunk.type)} to name its \`toolCallId\``, ui.events);
    let part = ui.tool(id);
    if (chunk.type === 'tool-input-start' || (!part && typeof chunk.toolName === 'string')) {
      const name = stringOf(chunk.toolName) ?? '';
      const dynamic = chunk.dynamic === true;
      part ??= ui.push({ type: dynamic ? 'dynamic-tool' : `tool-${name}`, toolCallId: id, ...(dynamic && { toolName: name }), state: 'input-streaming' }, i);
      if (chunk.providerExecuted !== undefined) part.providerExecuted = chunk.providerExecuted;
      if (chunk.title !== undefined) part.title = chunk.title;
    }
    if (!part) return this.events.problem(i, `${String(chunk.type)} names a tool call that never started (${id})`, ui.events);
    switch (chunk.type) {
      case 'tool-input-start':
        return;
      case 'tool-input-delta':
        ui.inputText.set(id, (ui.inputText.get(id) ?? '') + (typeof chunk.inputTextDelta === 'string' ? chunk.inputTextDelta : ''));
        return;
      case 'tool-input-available':
        Object.assign(part, { state: 'input-available', input: chunk.input });
        return;
      case 'tool-input-error':
        Object.assign(part, { state: 'output-error', input: chunk.input, errorText: chunk.errorText });
        return;
      case 'tool-approval-request':
        Object.assign(part, { state: 'approval-requested', approval: { id: chunk.approvalId } });
        return;
      case 'tool-approval-response':
        Object.assign(part, { state: 'approval-responded', approval: { id: chunk.approvalId, approved: chunk.approved, reason: chunk.reason } });
        return;
      case 'tool-output-available':
        Object.assign(part, { state: 'output-available', output: chunk.output, ...(chunk.preliminary !== undefined && { preliminary: chunk.preliminary }) });
        return;
      case 'tool-output-error':
        Object.assign(part, { state: 'output-error', errorText: chunk.errorText });
        return;
      case 'tool-output-denied':
        part.state = 'output-denied';
        return;
      default:
        this.events.unknownType(String(chunk.type));
    }
  }

  /** `data-*` parts: one with the id of an earlier one replaces its data; transient ones are not part of the message. */
  private data(ui: Assembly, chunk: Record<string, unknown>, i: number): void {
    if (chunk.transient === true) {
      this.events.note('Transient data parts are sent to the page but not kept in the message; they are not shown.');
      return;
    }
    const earlier = chunk.id === undefined ? undefined : ui.parts.find((part) => part.type === chunk.type && part.id === chunk.id);
    if (earlier) earlier.data = chunk.data;
    else ui.push({ ...chunk }, i);
  }

  /** The SDK drops the current step's parts (a step retried); said in a note, since they are then not shown. */
  private resetStep(ui: Assembly): void {
    const start = ui.parts.map((part) => part.type).lastIndexOf('step-start');
    const dropped = ui.parts.splice(start + 1);
    ui.open.clear();
    if (dropped.length > 0) this.events.note(`reset-step discarded ${dropped.length} part(s) of a step, as the SDK does.`);
  }

  protected readResponse(current: Assembly, nth: number): void {
    const label = current.id ?? `message ${nth}`;
    if (!current.finished) this.events.note(`The stream ended before finish: ${label} shows what arrived.`);
    const message = current.finish();
    this.events.add(label, current.events, vercelAiUi.read({ value: [message], jsonLines: false, lineOf: [] }).messages);
  }
}

export const vercelAiUiStream: FormatAdapter = streamAdapter(
  { name: 'vercel-ai-ui-stream', label: 'Vercel AI SDK UI message stream', expects: EXPECTS },
  classify,
  UiStream,
);

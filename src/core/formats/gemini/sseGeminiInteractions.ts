// Google's Interactions API streamed (`stream: true`): events keyed by `event_type` (SSE data, or one a
// line as the AI SDK records them): `interaction.created`, `step.start` {index, step}, `step.delta`
// {index, delta}, `step.stop`, `interaction.status_update`, `interaction.completed` {interaction:
// {id, status, usage}}, `error`. Assembled into the interaction they stream, as vercel/ai@ed857f5
// packages/google/src/interactions/build-google-interactions-stream-transform.ts does, then read
// by geminiInteractions.ts. Sources: docs/FORMATS.md, "Google Gemini".
import { isRecord, parseJson, setField } from '../../json/value';
import { numberOf, stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader, type StreamEvent } from '../common/stream';
import type { Mark } from '../common/markedList';
import { geminiInteractions } from './geminiInteractions';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'Gemini Interactions stream events ({"event_type": "interaction.created" | "step.start" | "step.delta" | "step.stop" | "interaction.completed" | ..., ...}) as SSE, JSON Lines or a JSON array';

const STEP_EVENTS = new Set(['step.start', 'step.delta', 'step.stop']);
const STATUS_EVENTS = new Set(['interaction.status_update', 'interaction.in_progress', 'interaction.requires_action']);

function classify(event: unknown): Mark {
  if (!isRecord(event) || typeof event.event_type !== 'string') return 'foreign';
  const type = event.event_type;
  if (STEP_EVENTS.has(type) || type.startsWith('interaction.')) return 'marked';
  return type === 'error' ? 'plain' : 'foreign';
}

type Fields = Record<string, unknown>;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One step being streamed, and the argument text of a function call arriving in pieces. */
class Step {
  readonly fields: Fields;
  private argumentsText: string | undefined;

  constructor(step: Fields) {
    this.fields = { ...step };
    if (Array.isArray(step.content)) this.fields.content = step.content.map((item: unknown) => (isRecord(item) ? { ...item } : item));
    if (Array.isArray(step.summary)) this.fields.summary = step.summary.map((item: unknown) => (isRecord(item) ? { ...item } : item));
  }

  /** One `step.delta`; false when its type is not one this reader knows. */
  delta(delta: Fields): boolean {
    switch (delta.type) {
      case 'text':
        this.appendText('content', delta.text);
        return true;
      case 'thought_summary':
        if (isRecord(delta.content) && delta.content.type === 'text') this.appendText('summary', delta.content.text);
        else if (delta.content !== undefined) this.push('summary', delta.content);
        return true;
      case 'thought_signature':
        if (typeof delta.signature === 'string') this.fields.signature = delta.signature;
        return true;
      case 'arguments_delta':
        if (typeof delta.arguments === 'string') this.argumentsText = (this.argumentsText ?? '') + delta.arguments;
        for (const key of ['id', 'signature']) if (typeof delta[key] === 'string' && delta[key] !== '') this.fields[key] = delta[key];
        return true;
      case 'text_annotation_delta':
      case 'text_annotation': {
        const last = this.lastOf('content');
        if (isRecord(last) && Array.isArray(delta.annotations)) last.annotations = listOf(last.annotations).concat(listOf(delta.annotations));
        return true;
      }
      case 'image':
      case 'audio':
      case 'video':
      case 'document':
        // Media arrives whole, one item a delta.
        this.push('content', { ...delta });
        return true;
      default:
        // Built-in tools' calls and results come whole in one delta of their step's type.
        if (typeof delta.type !== 'string' || delta.type !== this.fields.type) return false;
        for (const [key, value] of Object.entries(delta)) if (value !== undefined && value !== null) setField(this.fields, key, value);
        return true;
    }
  }

  finish(): Fields {
    if (this.argumentsText === undefined) return this.fields;
    // Text that is not JSON is kept as it came: the call reads as one with invalid arguments.
    const parsed = parseJson(this.argumentsText);
    return { ...this.fields, arguments: parsed ? parsed.value : this.argumentsText };
  }

  private lastOf(key: string): unknown {
    const list = this.fields[key];
    return Array.isArray(list) ? list.at(-1) : undefined;
  }

  private push(key: string, item: unknown): void {
    this.fields[key] = [...listOf(this.fields[key]), item];
  }

  private appendText(key: string, text: unknown): void {
    if (typeof text !== 'string') return;
    const last = this.lastOf(key);
    // An annotation delta marks ranges of the whole text: text after it still continues the same item.
    if (isRecord(last) && last.type === 'text' && typeof last.text === 'string') last.text += text;
    else this.push(key, { type: 'text', text });
  }
}

/** One interaction being streamed. */
class Assembly {
  readonly events: StreamedResponse;
  readonly fields: Fields = {};
  readonly steps = new Map<number, { step: Step; first: number }>();
  completed = false;

  constructor(first: number) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.fields.id);
  }

  merge(interaction: unknown): void {
    if (!isRecord(interaction)) return;
    for (const [key, value] of Object.entries(interaction)) if (value !== undefined && value !== null) setField(this.fields, key, value);
  }
}

class InteractionsStream extends StreamReader<Assembly, 'event_type'> {
  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'an Interactions stream event with `event_type`', 'event_type');
  }

  protected event(event: StreamEvent<'event_type'>, i: number): void {
    const type = event.event_type;
    if (type === 'error') {
      const message = isRecord(event.error) ? stringOf(event.error.message) : undefined;
      return this.events.note(`The stream reported an error${message === undefined ? '' : `: ${message}`}.`);
    }
    if (type === 'interaction.created') {
      const id = isRecord(event.interaction) ? stringOf(event.interaction.id) : undefined;
      if (this.current && (this.current.completed || (id !== undefined && this.current.id !== undefined && id !== this.current.id))) this.close();
    }
    this.current ??= new Assembly(i);
    const current = this.current;
    if (type === 'interaction.created' || type === 'interaction.completed') {
      current.merge(event.interaction);
      if (type === 'interaction.completed') current.completed = true;
    } else if (STATUS_EVENTS.has(type)) {
      if (typeof event.status === 'string') current.fields.status = event.status;
    } else if (STEP_EVENTS.has(type)) this.stepEvent(current, type, event, i);
    else this.events.unknownType(type);
  }

  private stepEvent(current: Assembly, type: string, event: Fields, i: number): void {
    const index = numberOf(event.index);
    if (index === undefined) return this.events.problem(i, `expected \`index\` on a ${type} event`, current.events);
    if (type === 'step.start') {
      if (!isRecord(event.step)) return this.events.problem(i, 'expected `step` on a step.start event', current.events);
      current.steps.set(index, { step: new Step(event.step), first: i });
      return;
    }
    const entry = current.steps.get(index);
    if (entry === undefined) return this.events.problem(i, `step ${index} was not started (no step.start before this ${type})`, current.events);
    if (type === 'step.delta' && isRecord(event.delta) && !entry.step.delta(event.delta)) this.events.unknownType(`step.delta ${String(event.delta.type)}`);
  }

  protected readResponse(current: Assembly, nth: number): void {
    const name = current.id ?? `interaction ${nth}`;
    if (!current.completed) this.events.note(`The stream of ${name} ended before interaction.completed: it shows what arrived, without usage.`);
    const ordered = [...current.steps].sort(([a], [b]) => a - b);
    // Cut short, the status is the one it started with (`in_progress`): the note above says it instead.
    const fields = current.completed ? current.fields : Object.fromEntries(Object.entries(current.fields).filter(([key]) => key !== 'status'));
    const value = { ...fields, object: 'interaction', steps: ordered.map(([, { step }]) => step.finish()) };
    ordered.forEach(([, { first }], k) => current.events.mark(`steps[${k}]`, first));
    const read = geminiInteractions.read({ value, jsonLines: false, lineOf: [] });
    for (const note of read.notes ?? []) this.events.note(note);
    this.events.add(name, current.events, read.messages);
  }
}

export const sseGeminiInteractions: FormatAdapter = streamAdapter(
  { name: 'sse-gemini-interactions', label: 'Google Gemini Interactions stream', expects: EXPECTS },
  classify,
  InteractionsStream,
);

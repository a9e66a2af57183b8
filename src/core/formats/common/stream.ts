// What the stream readers share. A provider stream (SSE data payloads, JSON Lines of events or a JSON
// array of them) is assembled into the response object(s) it streamed, which the provider's own reader
// then reads; this keeps where each event sits, what was left out, and the split into responses.
import { linePath } from '../../json/locate';
import { describeShape, isRecord } from '../../json/value';
import { problemDraft } from './drafts';
import { scoreMarked, type Mark } from './markedList';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';

/** 100 when some sampled event is marked as this provider's and none is foreign; streams are lists of events. */
export function scoreStream(input: ParsedInput, classify: (event: unknown) => Mark): number {
  return scoreMarked(input, Array.isArray(input.value) ? { list: input.value, path: [] } : undefined, classify, 100);
}

/** A provider stream's format: detected by how `classify` marks its events, read by a `Reader` of its own. */
export function streamAdapter(
  format: Pick<FormatAdapter, 'name' | 'label' | 'expects'>,
  classify: (event: unknown) => Mark,
  Reader: new (input: ParsedInput) => { read(): AdapterOutput },
): FormatAdapter {
  return { ...format, detect: (input) => scoreStream(input, classify), read: (input) => new Reader(input).read() };
}

/** One streamed response being assembled: which event began each value of the object it becomes. */
export class StreamedResponse {
  /** Unreadable events met while this response streamed, shown after its messages. */
  readonly problems: MessageDraft[] = [];
  private readonly at = new Map<string, number>();

  constructor(readonly first: number) {
    this.at.set('', first);
  }

  /** `path` (inside the assembled object, as its reader names paths) began at `event`; the first mark stays. */
  mark(path: string, event: number): void {
    if (!this.at.has(path)) this.at.set(path, event);
  }

  /** The event that began the value at `path`, or at the nearest enclosing path marked. */
  eventOf(path: string): number {
    for (let p = path; ; p = parentPath(p)) {
      const event = this.at.get(p);
      if (event !== undefined) return event;
      if (p === '') return this.first;
    }
  }
}

/** `content[2].input` -> `content[2]` -> `content` -> ``. */
function parentPath(path: string): string {
  const last = /(?:\.[^.[\]]+|\[\d+\])$/.exec(path);
  return last ? path.slice(0, last.index) : '';
}

interface Part {
  label: string;
  drafts: MessageDraft[];
}

/** The events of one input, and what the reader says about them, in the order it reads them. */
export class StreamEvents {
  readonly list: readonly unknown[];
  private readonly notes: string[] = [];
  private readonly unknown = new Map<string, number>();
  private readonly parts: Part[] = [];
  /** Unreadable events before the first response began. */
  private leading: MessageDraft[] = [];

  constructor(
    private readonly input: ParsedInput,
    private readonly expects: string,
  ) {
    // A single event given on its own (a forced format) is a stream of one.
    this.list = Array.isArray(input.value) ? input.value : [input.value];
  }

  /** Where event `i` is in the text: its line, or its place in the JSON array. */
  pathOf(i: number): string {
    if (!Array.isArray(this.input.value)) return '';
    return this.input.jsonLines ? linePath(this.input.lineOf[i] ?? i + 1) : `[${i}]`;
  }

  /** Why event `i`'s line is not JSON, when it is not. */
  lineError(i: number): string | undefined {
    return this.input.lineErrors?.get(i);
  }

  /** An event type this reader does not know: named in a note, with how often it came. */
  unknownType(type: string): void {
    this.unknown.set(type, (this.unknown.get(type) ?? 0) + 1);
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** Event `i` could not be read: it stays on the timeline, after the messages of the response it came in. */
  problem(i: number, why: string, response: StreamedResponse | undefined): void {
    const draft = problemDraft(this.list[i], this.pathOf(i), why);
    if (response) response.problems.push(draft);
    else this.leading.push(draft);
  }

  /**
   * The messages read from one assembled response, in place: each draft's path (inside the assembled object)
   * becomes the path of the event that began it, so the detail pane finds it in the text.
   */
  add(label: string, response: StreamedResponse, drafts: MessageDraft[]): void {
    for (const draft of drafts) draft.location = { path: this.pathOf(response.eventOf(draft.location.path)) };
    // A response read as several parts (choices) shows its problems once, after the first.
    this.parts.push({ label, drafts: [...this.leading, ...drafts, ...response.problems.splice(0)] });
    this.leading = [];
  }

  /** Every response's messages in order; several responses (separate calls, `n` > 1 choices) are conversations of their own. */
  output(): AdapterOutput {
    const parts = this.parts.filter((part) => part.drafts.length > 0);
    if (this.leading.length > 0) parts.push({ label: 'unread events', drafts: this.leading });
    const messages = parts.flatMap((part) => part.drafts);
    if (messages.length === 0) messages.push(problemDraft(this.input.value, '', `no event started a response; expected ${this.expects}`));
    const notes = [...this.notes];
    if (this.unknown.size > 0) {
      const named = [...this.unknown].map(([type, count]) => (count > 1 ? `${type} (${count})` : type));
      notes.push(`Events of types this reader does not know were left out: ${named.join(', ')}.`);
    }
    const output: AdapterOutput = { messages, kind: 'response' };
    if (notes.length > 0) output.notes = notes;
    if (parts.length > 1) output.conversations = ranges(parts);
    return output;
  }
}

function ranges(parts: readonly Part[]): ConversationRange[] {
  let start = 0;
  return parts.map(({ label, drafts }) => {
    const range = { label, start, end: start + drafts.length };
    start = range.end;
    return range;
  });
}

/** An event as a reader takes it: a record, whose field `K` (for a reader that names one) is its type. */
export type StreamEvent<K extends string = never> = Record<string, unknown> & Record<K, string>;

/**
 * The walk every provider stream's reader makes: each event in turn (a line that is not JSON, or an element
 * that is not an event, stays where it came as a problem), the response being streamed (`current`) read
 * when it ends and once more after the last event. A provider's reader says how its events build it.
 */
export abstract class StreamReader<A extends { readonly events: StreamedResponse }, K extends string = never> {
  protected readonly events: StreamEvents;
  protected current: A | undefined;
  private count = 0;

  /**
   * `expected` names an event for the problem of an element that is not one (`a stream event {"type": ...}`);
   * `typeKey`, the field every event must have a string at, where the provider names its types.
   */
  protected constructor(
    input: ParsedInput,
    expects: string,
    private readonly expected: string,
    private readonly typeKey?: K,
  ) {
    this.events = new StreamEvents(input, expects);
  }

  read(): AdapterOutput {
    this.events.list.forEach((event, i) => this.take(event, i));
    this.close();
    this.ended();
    return this.events.output();
  }

  /** Event `i`, which has the reader's shape. */
  protected abstract event(event: StreamEvent<K>, i: number): void;

  /** The response that just ended, the `nth` of the stream (from 1), read into the events' output. */
  protected abstract readResponse(response: A, nth: number): void;

  /** After the last response is read: what the reader says of the stream as a whole. */
  protected ended(): void {
    // Most readers say it all as they go.
  }

  /** Ends the response being streamed, if one is. */
  protected close(): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    this.readResponse(current, ++this.count);
  }

  private take(event: unknown, i: number): void {
    const lineError = this.events.lineError(i);
    if (lineError !== undefined) return this.events.problem(i, lineError, this.current?.events);
    if (!isEvent(event, this.typeKey)) return this.events.problem(i, `expected ${this.expected}, got ${describeShape(event)}`, this.current?.events);
    this.event(event, i);
  }
}

function isEvent<K extends string>(event: unknown, typeKey: K | undefined): event is StreamEvent<K> {
  return isRecord(event) && (typeKey === undefined || typeof event[typeKey] === 'string');
}

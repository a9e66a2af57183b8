// What the stream readers share. A provider stream (SSE data payloads, JSON Lines of events or a JSON
// array of them) is assembled into the response object(s) it streamed, which the provider's own reader
// then reads; this keeps where each event sits, what was left out, and the split into responses.
import { linePath } from '../../json/locate';
import { problemDraft } from './drafts';
import { scoreMarked, type Mark } from './markedList';
import type { AdapterOutput, ConversationRange, MessageDraft, ParsedInput } from '../types';

/** 100 when some sampled event is marked as this provider's and none is foreign; streams are lists of events. */
export function scoreStream(input: ParsedInput, classify: (event: unknown) => Mark): number {
  return scoreMarked(input, Array.isArray(input.value) ? { list: input.value, path: [] } : undefined, classify, 100);
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

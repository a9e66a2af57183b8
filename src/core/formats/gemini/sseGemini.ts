// Google Gemini streams: the GenerateContentResponse chunks of streamGenerateContent (SSE data with
// `alt=sse`, a JSON array without it, or one a line), assembled into one response as the SDKs'
// aggregateResponses does: per candidate the parts in order, the last finishReason and ratings, the
// last usageMetadata. Unlike it, text parts that follow one another are joined, since they are one
// text cut into chunks (a thought summary's apart from the answer's). Then read by gemini.ts. Chunks
// share a responseId; a new one is another call's stream. A call Gemini 3 streams in pieces
// (partialArgs) is joined into one functionCall part with its args, as vercel/ai's Google provider
// does. Sources: docs/FORMATS.md, "Provider streams".
import { describeShape, isRecord, setField } from '../../json/value';
import { numberOf, stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader } from '../common/stream';
import type { Mark } from '../common/markedList';
import { field, partData } from './geminiParts';
import { gemini } from './gemini';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'Gemini streamGenerateContent chunks ({"candidates": [{"content": {"role": "model", "parts": [...]}, "finishReason"?}], "usageMetadata"?}) as SSE, JSON Lines or a JSON array';

/** Response fields kept from the last chunk that has them. */
const LAST_WINS = [
  ['usageMetadata', 'usage_metadata'],
  ['modelVersion', 'model_version'],
  ['responseId', 'response_id'],
  ['createTime', 'create_time'],
  ['promptFeedback', 'prompt_feedback'],
] as const;

function classify(chunk: unknown): Mark {
  if (!isRecord(chunk)) return 'foreign';
  const candidates = chunk.candidates;
  if (Array.isArray(candidates) && candidates.length > 0 && candidates.every(isRecord)) return 'marked';
  // The last chunk may carry only usage, a blocked prompt only its feedback.
  return LAST_WINS.some(([camel, snake]) => field(chunk, camel, snake) !== undefined) || isRecord(chunk.error) ? 'plain' : 'foreign';
}

/** A text part that only text, `thought` and `thoughtSignature` make up: the pieces of one streamed text. */
function isTextPiece(part: unknown): part is Record<string, unknown> {
  return isRecord(part) && typeof part.text === 'string' && Object.keys(part).every((key) => key === 'text' || key === 'thought' || key === 'thoughtSignature');
}

type Segment = string | number;

/** `$.recipe.ingredients[0].name` as its keys and indexes; none for a path that names no field (`$`). */
function segmentsOf(jsonPath: string): Segment[] | undefined {
  const segments: Segment[] = [];
  for (const piece of jsonPath.replace(/^\$\.?/, '').split('.')) {
    const bracket = piece.indexOf('[');
    const key = bracket === -1 ? piece : piece.slice(0, bracket);
    if (key !== '') segments.push(key);
    if (bracket !== -1) for (const [, index] of piece.slice(bracket).matchAll(/\[(\d+)\]/g)) segments.push(Number(index));
  }
  return segments.length > 0 ? segments : undefined;
}

/** The value a partialArgs piece carries: the first of string, number and bool that is set, else null when `nullValue` is there. */
function pieceValue(piece: Record<string, unknown>): { value: unknown } | undefined {
  const value = field(piece, 'stringValue', 'string_value') ?? field(piece, 'numberValue', 'number_value') ?? field(piece, 'boolValue', 'bool_value');
  if (value !== undefined) return { value };
  return 'nullValue' in piece || 'null_value' in piece ? { value: null } : undefined;
}

type Container = Record<string, unknown> | unknown[];

function childOf(container: Container, segment: Segment): unknown {
  if (Array.isArray(container)) return typeof segment === 'number' ? container[segment] : undefined;
  return typeof segment === 'string' && Object.hasOwn(container, segment) ? container[segment] : undefined;
}

function setChild(container: Container, segment: Segment, value: unknown): void {
  if (Array.isArray(container)) {
    // An index past the end is appended: a hole-filled array of a stray huge index would be read out as nulls.
    if (typeof segment === 'number') container[Math.min(segment, container.length)] = value;
  } else setField(container, String(segment), value);
}

/**
 * A call Gemini 3 streams (`streamFunctionCallArguments`): `functionCall {name, willContinue: true}` opens
 * it, `functionCall {partialArgs: [{jsonPath, stringValue | numberValue | boolValue | nullValue, willContinue}]}`
 * pieces set its arguments path by path (a string piece of a path already set continues that string), and
 * an empty `functionCall {}`, or a piece where neither it nor its arguments continue, closes it.
 */
class StreamedCall {
  readonly args: Record<string, unknown> = {};
  readonly part: Record<string, unknown>;

  constructor(part: Record<string, unknown>, written: string, call: Record<string, unknown>) {
    const opened: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(call)) if (!PIECE_FIELDS.has(key)) setField(opened, key, value);
    opened.args = this.args;
    this.part = { ...part };
    setField(this.part, written, opened);
  }

  /** Takes one piece; answers whether the call goes on after it. */
  piece(part: Record<string, unknown>, written: string, call: Record<string, unknown>): boolean {
    // A signature or other field on a later piece is kept, the opening part's own winning.
    for (const [key, value] of Object.entries(part)) if (key !== written && !Object.hasOwn(this.part, key)) setField(this.part, key, value);
    const partial = field(call, 'partialArgs', 'partial_args');
    const pieces = Array.isArray(partial) ? partial.filter(isRecord) : [];
    for (const piece of pieces) this.set(piece);
    const continues = (record: Record<string, unknown>) => field(record, 'willContinue', 'will_continue') === true;
    if (Array.isArray(partial)) return continues(call) || pieces.some(continues);
    return Object.keys(call).length > 0;
  }

  private set(piece: Record<string, unknown>): void {
    const path = stringOf(field(piece, 'jsonPath', 'json_path'));
    const segments = path === undefined ? undefined : segmentsOf(path);
    const value = pieceValue(piece);
    if (segments === undefined || value === undefined) return;
    let container: Container = this.args;
    for (const [k, segment] of segments.slice(0, -1).entries()) {
      let child = childOf(container, segment);
      if (!isRecord(child) && !Array.isArray(child)) {
        child = typeof segments[k + 1] === 'number' ? [] : {};
        setChild(container, segment, child);
      }
      if (isRecord(child) || Array.isArray(child)) container = child;
    }
    const leaf = segments.at(-1) ?? '';
    const before = childOf(container, leaf);
    setChild(container, leaf, typeof before === 'string' && typeof value.value === 'string' ? before + value.value : value.value);
  }
}

/** The fields of a streamed call's pieces that the joined call does not keep. */
const PIECE_FIELDS = new Set(['willContinue', 'will_continue', 'partialArgs', 'partial_args']);

class Candidate {
  readonly fields: Record<string, unknown> = {};
  readonly parts: unknown[] = [];
  role: unknown;
  /** The streamed call whose pieces are still arriving. */
  open?: StreamedCall;

  constructor(
    readonly index: number,
    readonly first: number,
  ) {}

  chunk(candidate: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(candidate)) if (key !== 'content' && key !== 'index' && value !== undefined) setField(this.fields, key, value);
    const content = candidate.content;
    if (!isRecord(content)) return;
    this.role ??= content.role;
    if (Array.isArray(content.parts)) for (const part of content.parts) this.part(part);
  }

  private part(part: unknown): void {
    if (this.callPiece(part)) return;
    if (!isTextPiece(part)) {
      this.parts.push(part);
      return;
    }
    const last = this.parts.at(-1);
    // A signature closes the text it ends (Gemini 3 sends it on the last, often empty, piece).
    if (last && isTextPiece(last) && Boolean(last.thought) === Boolean(part.thought) && last.thoughtSignature === undefined) {
      last.text = String(last.text) + String(part.text);
      if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
      return;
    }
    // An empty piece that carries nothing (the closing chunk's `{text: ""}`) adds no part.
    if (part.text === '' && part.thoughtSignature === undefined) return;
    this.parts.push({ ...part });
  }

  /** Whether `part` opens, fills or closes a streamed call (then it is that call's, not a part of its own). */
  private callPiece(part: unknown): boolean {
    const data = partData(part);
    if (data?.field !== 'functionCall' || !isRecord(part) || !isRecord(data.value)) return false;
    const call = data.value;
    const named = call.name !== undefined && call.name !== null;
    if (named && field(call, 'willContinue', 'will_continue') === true) {
      this.open = new StreamedCall(part, data.written, call);
      this.parts.push(this.open.part);
    } else if (!this.open || named || field(call, 'args', 'args') !== undefined) return false;
    if (!this.open.piece(part, data.written, call)) this.open = undefined;
    return true;
  }

  finish(): Record<string, unknown> {
    return { ...this.fields, index: this.index, content: { role: this.role ?? 'model', parts: this.parts } };
  }
}

/** One response being streamed. */
class Assembly {
  readonly events: StreamedResponse;
  readonly fields: Record<string, unknown> = {};
  readonly candidates = new Map<number, Candidate>();

  constructor(first: number) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.fields.responseId);
  }

  chunk(chunk: Record<string, unknown>, i: number): void {
    for (const [camel, snake] of LAST_WINS) {
      const value = field(chunk, camel, snake);
      if (value !== undefined && value !== null) this.fields[camel] = value;
    }
    const candidates = chunk.candidates;
    if (!Array.isArray(candidates)) return;
    candidates.forEach((raw, position) => {
      if (!isRecord(raw)) return;
      const index = numberOf(raw.index) ?? position;
      const candidate = this.candidates.get(index) ?? new Candidate(index, i);
      this.candidates.set(index, candidate);
      candidate.chunk(raw);
    });
  }
}

class GeminiStream extends StreamReader<Assembly> {
  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'a GenerateContentResponse chunk');
  }

  protected event(chunk: Record<string, unknown>, i: number): void {
    if (isRecord(chunk.error)) {
      const message = stringOf(chunk.error.message);
      return this.events.note(`The stream reported an error${message === undefined ? '' : `: ${message}`}.`);
    }
    if (classify(chunk) === 'foreign') return this.events.unknownType(describeShape(chunk));
    const id = stringOf(field(chunk, 'responseId', 'response_id'));
    if (this.current?.id !== undefined && id !== undefined && id !== this.current.id) this.close();
    this.current ??= new Assembly(i);
    this.current.chunk(chunk, i);
  }

  protected readResponse(current: Assembly, nth: number): void {
    const name = current.id ?? `response ${nth}`;
    const candidates = [...current.candidates.values()].sort((a, b) => a.index - b.index);
    const unfinished = candidates.filter(({ fields }) => field(fields, 'finishReason', 'finish_reason') === undefined).map((candidate) => candidate.index);
    if (unfinished.length > 0)
      this.events.note(`The stream ended before candidate ${unfinished.join(', ')} of ${name} finished (no finishReason): it shows what arrived.`);
    for (const candidate of candidates) {
      const call = candidate.open && partData(candidate.open.part)?.value;
      if (isRecord(call))
        this.events.note(
          `The stream of ${name} ended while the arguments of call ${stringOf(call.name) ?? '(no name)'} (candidate ${candidate.index}) were still arriving (willContinue): it shows those that arrived.`,
        );
    }
    const feedback = isRecord(current.fields.promptFeedback) ? current.fields.promptFeedback : {};
    const blocked = stringOf(field(feedback, 'blockReason', 'block_reason'));
    if (blocked !== undefined) this.events.note(`The prompt was blocked (${blocked}).`);
    const response = { ...current.fields, candidates: candidates.map((candidate) => candidate.finish()) };
    const drafts = gemini.read({ value: response, jsonLines: false, lineOf: [] }).messages;
    candidates.forEach((candidate, k) => current.events.mark(`candidates[${k}]`, candidate.first));
    if (candidates.length <= 1) return this.events.add(name, current.events, drafts);
    candidates.forEach((candidate, k) => {
      const mine = drafts.filter(({ location: { path } }) => path === `candidates[${k}]` || path.startsWith(`candidates[${k}].`));
      this.events.add(`${name} candidate ${candidate.index}`, current.events, mine);
    });
  }
}

export const sseGemini: FormatAdapter = streamAdapter({ name: 'sse-gemini', label: 'Google Gemini stream', expects: EXPECTS }, classify, GeminiStream);

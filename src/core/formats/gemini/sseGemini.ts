// Google Gemini streams: the GenerateContentResponse chunks of streamGenerateContent (SSE data with
// `alt=sse`, a JSON array without it, or one a line), assembled into one response as the SDKs'
// aggregateResponses does: per candidate the parts in order, the last finishReason and ratings, the
// last usageMetadata. Unlike it, text parts that follow one another are joined, since they are one
// text cut into chunks (a thought summary's apart from the answer's). Then read by gemini.ts. Chunks
// share a responseId; a new one is another call's stream. Sources: docs/FORMATS.md, "Provider streams".
import { describeShape, isRecord } from '../../json/value';
import { numberOf, stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader } from '../common/stream';
import type { Mark } from '../common/markedList';
import { field } from './geminiParts';
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

class Candidate {
  readonly fields: Record<string, unknown> = {};
  readonly parts: unknown[] = [];
  role: unknown;

  constructor(
    readonly index: number,
    readonly first: number,
  ) {}

  chunk(candidate: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(candidate)) if (key !== 'content' && key !== 'index' && value !== undefined) this.fields[key] = value;
    const content = candidate.content;
    if (!isRecord(content)) return;
    this.role ??= content.role;
    if (Array.isArray(content.parts)) for (const part of content.parts) this.part(part);
  }

  private part(part: unknown): void {
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

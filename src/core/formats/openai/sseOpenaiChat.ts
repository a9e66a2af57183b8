// OpenAI Chat Completions streams: `chat.completion.chunk` objects (SSE data up to `[DONE]`, or one a
// line) assembled into the `chat.completion` they stream, as openai-node's ChatCompletionStream
// accumulates them: content, refusal and reasoning appended, tool calls gathered by `index` with their
// argument fragments joined, the last finish_reason and usage kept. Then read by openaiChatRead.ts.
// Each choice of `n` > 1 is a conversation of its own. Sources: docs/FORMATS.md, "Provider streams".
import { describeShape, isRecord, ownField, setField } from '../../json/value';
import { numberOf, stringOf } from '../common/fields';
import { StreamedResponse, streamAdapter, StreamReader } from '../common/stream';
import type { Mark } from '../common/markedList';
import { openaiChat } from './openaiChat';
import type { FormatAdapter, ParsedInput } from '../types';

const EXPECTS =
  'OpenAI Chat Completions stream chunks ({"object": "chat.completion.chunk", "choices": [{"index", "delta", "finish_reason"}], "usage"?}) as SSE, JSON Lines or a JSON array';

// Appended, not replaced, when a delta carries them (DeepSeek `reasoning_content`, OpenRouter and vLLM `reasoning`).
const APPENDED = ['content', 'refusal', 'reasoning_content', 'reasoning', 'thinking'];

/** Fields of a chunk's choice that the assembled choice gets otherwise (or, for logprobs, not at all). */
const CHOICE_KEYS = new Set(['delta', 'finish_reason', 'index', 'logprobs']);

const isChoices = (value: unknown): value is unknown[] => Array.isArray(value) && value.every((choice) => isRecord(choice) && 'delta' in choice);

function classify(chunk: unknown): Mark {
  if (!isRecord(chunk)) return 'foreign';
  // A usage-only chunk (empty choices), an error object sent mid-stream or anything else is read (or named) in turn.
  return chunk.object === 'chat.completion.chunk' || (isChoices(chunk.choices) && chunk.choices.length > 0) ? 'marked' : 'plain';
}

const append = (value: unknown, more: string): string => (typeof value === 'string' ? value : '') + more;

interface Call {
  fields: Record<string, unknown>;
  fn?: { name: string; arguments: string };
  custom?: { name: string; input: string };
}

class Choice {
  readonly message: Record<string, unknown> = {};
  readonly calls = new Map<number, Call>();
  finishReason: string | undefined;
  fields: Record<string, unknown> = {};

  constructor(
    readonly index: number,
    readonly first: number,
  ) {}

  delta(delta: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(delta)) {
      if (value === null || value === undefined) continue;
      if (typeof value === 'string' && APPENDED.includes(key)) setField(this.message, key, append(ownField(this.message, key), value));
      else if (key === 'tool_calls' && Array.isArray(value)) value.forEach((call, k) => this.call(call, k));
      else if (key === 'function_call' && isRecord(value)) this.legacyCall(value);
      else if (key === 'audio' && isRecord(value)) this.audio(value);
      else setField(this.message, key, value);
    }
  }

  private call(delta: unknown, position: number): void {
    if (!isRecord(delta)) return;
    const index = numberOf(delta.index) ?? position;
    const call = this.calls.get(index) ?? { fields: {} };
    this.calls.set(index, call);
    for (const [key, value] of Object.entries(delta)) {
      if (key === 'index' || value === null || value === undefined) continue;
      if (key === 'function' && isRecord(value)) {
        call.fn ??= { name: '', arguments: '' };
        if (typeof value.name === 'string' && value.name !== '') call.fn.name = value.name;
        if (typeof value.arguments === 'string') call.fn.arguments += value.arguments;
      } else if (key === 'custom' && isRecord(value)) {
        call.custom ??= { name: '', input: '' };
        if (typeof value.name === 'string' && value.name !== '') call.custom.name = value.name;
        if (typeof value.input === 'string') call.custom.input += value.input;
      } else setField(call.fields, key, value);
    }
  }

  private legacyCall(delta: Record<string, unknown>): void {
    const call = isRecord(this.message.function_call) ? this.message.function_call : { name: '', arguments: '' };
    if (typeof delta.name === 'string' && delta.name !== '') call.name = delta.name;
    if (typeof delta.arguments === 'string') call.arguments = append(call.arguments, delta.arguments);
    this.message.function_call = call;
  }

  private audio(delta: Record<string, unknown>): void {
    const audio = isRecord(this.message.audio) ? this.message.audio : {};
    for (const [key, value] of Object.entries(delta)) {
      setField(audio, key, (key === 'data' || key === 'transcript') && typeof value === 'string' ? append(audio[key], value) : value);
    }
    this.message.audio = audio;
  }

  /** The choice as a `chat.completion` has it. */
  finish(): Record<string, unknown> {
    const message: Record<string, unknown> = { role: 'assistant', content: null, ...this.message };
    if (this.calls.size > 0) {
      message.tool_calls = [...this.calls]
        .sort(([a], [b]) => a - b)
        .map(([, { fields, fn, custom }]) => ({ ...fields, ...(fn && { function: fn }), ...(custom && { custom }) }));
    }
    return { ...this.fields, index: this.index, message, finish_reason: this.finishReason ?? null };
  }
}

/** One `chat.completion` being streamed: the chunks that share an id. */
class Completion {
  readonly fields: Record<string, unknown> = {};
  readonly choices = new Map<number, Choice>();
  usage: Record<string, unknown> | undefined;
  readonly events: StreamedResponse;

  constructor(first: number) {
    this.events = new StreamedResponse(first);
  }

  get id(): string | undefined {
    return stringOf(this.fields.id);
  }

  chunk(chunk: Record<string, unknown>, i: number): void {
    for (const [key, value] of Object.entries(chunk)) {
      if (key === 'choices' || key === 'usage' || key === 'obfuscation' || value === null || value === undefined) continue;
      setField(this.fields, key, value);
    }
    if (isRecord(chunk.usage)) this.usage = chunk.usage;
    if (!Array.isArray(chunk.choices)) return;
    chunk.choices.forEach((raw, position) => {
      if (!isRecord(raw)) return;
      const index = numberOf(raw.index) ?? position;
      const choice = this.choices.get(index) ?? new Choice(index, i);
      this.choices.set(index, choice);
      // Log probabilities are left out: per token, they would outweigh the message.
      for (const [key, value] of Object.entries(raw)) if (!CHOICE_KEYS.has(key)) setField(choice.fields, key, value);
      if (typeof raw.finish_reason === 'string') choice.finishReason = raw.finish_reason;
      if (isRecord(raw.delta)) choice.delta(raw.delta);
    });
  }
}

class ChatStream extends StreamReader<Completion> {
  constructor(input: ParsedInput) {
    super(input, EXPECTS, 'a chat.completion.chunk');
  }

  protected event(chunk: Record<string, unknown>, i: number): void {
    if (isRecord(chunk.error) && !Array.isArray(chunk.choices)) {
      const message = stringOf(chunk.error.message);
      return this.events.note(`The stream reported an error${message === undefined ? '' : `: ${message}`}.`);
    }
    if (!Array.isArray(chunk.choices) && !isRecord(chunk.usage)) {
      return this.events.unknownType(typeof chunk.object === 'string' ? chunk.object : describeShape(chunk));
    }
    // Chunks of one completion share its id; another id is another call's stream.
    const id = stringOf(chunk.id);
    if (this.current?.id !== undefined && id !== undefined && id !== this.current.id) this.close();
    this.current ??= new Completion(i);
    this.current.chunk(chunk, i);
  }

  protected readResponse(current: Completion): void {
    const choices = [...current.choices.values()].sort((a, b) => a.index - b.index);
    const completion: Record<string, unknown> = {
      ...current.fields,
      object: 'chat.completion',
      choices: choices.map((choice) => choice.finish()),
      ...(current.usage && { usage: current.usage }),
    };
    const unfinished = choices.filter((choice) => choice.finishReason === undefined).map((choice) => choice.index);
    const name = current.id ?? 'the completion';
    if (unfinished.length > 0)
      this.events.note(`The stream ended before choice ${unfinished.join(', ')} of ${name} finished (no finish_reason): it shows what arrived.`);
    const drafts = openaiChat.read({ value: completion, jsonLines: false, lineOf: [] }).messages;
    choices.forEach((choice, k) => current.events.mark(`choices[${k}]`, choice.first));
    if (choices.length <= 1) return this.events.add(current.id ?? 'completion', current.events, drafts);
    choices.forEach((choice, k) => {
      const mine = drafts.filter(({ location: { path } }) => path === `choices[${k}]` || path.startsWith(`choices[${k}].`));
      this.events.add(`${current.id === undefined ? '' : `${current.id} `}choice ${choice.index}`, current.events, mine);
    });
  }
}

export const sseOpenaiChat: FormatAdapter = streamAdapter(
  { name: 'sse-openai-chat', label: 'OpenAI Chat Completions stream', expects: EXPECTS },
  classify,
  ChatStream,
);

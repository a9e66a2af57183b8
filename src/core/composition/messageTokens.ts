// Each message's own tokens, counted with a tokenizer the caller passes (core takes no package): what the message
// adds to the input of every model call after it.
import { stringifyJson } from '../json/value';
import type { Message, ToolCall } from '../model';

/** Text → its number of tokens. */
export type TokenCounter = (text: string) => number;

/** Per message, indexed like the messages. */
export interface MessageCounts {
  /** Its text (a tool result's output included) and its tool calls' names and arguments. */
  tokens: Float64Array<ArrayBuffer>;
  /**
   * Its reasoning blocks' text, apart: not part of `tokens` nor of any later turn's context, because providers
   * drop earlier turns' reasoning from the input (docs/FORMATS.md, "Context composition").
   */
  reasoning: Float64Array<ArrayBuffer>;
  /** Its image, audio and file blocks: counted as 0 tokens (their cost depends on sizes the text does not carry). */
  media: Uint32Array<ArrayBuffer>;
}

export function newMessageCounts(length: number): MessageCounts {
  return { tokens: new Float64Array(length), reasoning: new Float64Array(length), media: new Uint32Array(length) };
}

/**
 * Counts messages `[from, to)` into `counts`: the worker counts a long history in slices, so that other requests
 * are answered between them.
 */
export function countMessages(messages: readonly Message[], count: TokenCounter, counts: MessageCounts, from = 0, to = messages.length): void {
  for (let i = from; i < to; i++) {
    const m = messages[i];
    if (m === undefined) continue;
    counts.tokens[i] = messageTokens(m, count);
    let reasoning = 0;
    let media = 0;
    for (const block of m.content) {
      if (block.kind === 'reasoning' && block.text !== undefined) reasoning += count(block.text);
      else if (block.kind === 'image' || block.kind === 'audio' || block.kind === 'file') media++;
    }
    counts.reasoning[i] = reasoning;
    counts.media[i] = media;
  }
}

/**
 * A message's text and its calls. `text` is every text block joined (for a tool result, its output), so the blocks
 * are not counted again; a call is its name and its arguments as written (or as JSON when they were given parsed).
 */
export function messageTokens(m: Message, count: TokenCounter): number {
  let tokens = count(m.text);
  for (const c of m.toolCalls) tokens += callTokens(c, count);
  for (const c of m.invalidToolCalls) tokens += callTokens(c, count);
  return tokens;
}

function callTokens(c: ToolCall, count: TokenCounter): number {
  return count(c.name) + count(c.argsText ?? argumentsText(c.args));
}

function argumentsText(args: unknown): string {
  if (args === undefined || args === null) return '';
  if (typeof args === 'string') return args;
  return stringifyJson(args) ?? '';
}

// What OpenAI Chat Completions answers to a broken history, quoted by the rules with the history's ids.
// Sources: docs/FORMATS.md, "OpenAI Chat Completions".
import type { Message, Rejection } from '../model';

export const openaiChatMissingResult = (id: string): Rejection => ({
  target: 'openai-chat',
  error: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${id}`,
});

export const openaiChatResultWithoutCall: Rejection = {
  target: 'openai-chat',
  error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
};

/** `first` and `second` are the two tool messages' positions in the request (openaiChatLayout). */
export const openaiChatDuplicateResult = (id: string, first: number, second: number): Rejection => ({
  target: 'openai-chat',
  error: `Invalid parameter: Duplicate value for 'tool_call_id' of '${id}', in messages[${first}] and messages[${second}].`,
});

/** Reports show the Duplicate value answer only for two tool messages of one id in the same run of tool messages. */
export const openaiChatRepeatedId = (id: string): Rejection => ({
  target: 'openai-chat',
  error: `'${id}': a tool_call_id used twice, not within one run of tool messages (no verbatim error text on record for this layout: two tool messages of one id in a row are answered "Invalid parameter: Duplicate value for 'tool_call_id'")`,
});

export interface OpenAIChatLayout {
  /** Each message's index in the request's `messages`, -1 for one the export leaves out. */
  readonly position: Int32Array;
  /** For a tool message, the position of the first tool message of the run of tool messages it is in; -1 otherwise. */
  readonly run: Int32Array;
}

const cache = new WeakMap<readonly Message[], OpenAIChatLayout>();

/** The request src/core/convert/openaiChat.ts writes: one wire message a message, those of role `other` left out. */
export function openaiChatLayout(messages: readonly Message[]): OpenAIChatLayout {
  const cached = cache.get(messages);
  if (cached) return cached;
  const position = new Int32Array(messages.length).fill(-1);
  const run = new Int32Array(messages.length).fill(-1);
  let next = 0;
  let runStart = -1;
  for (const m of messages) {
    if (m.role === 'other') continue;
    if (m.role === 'tool') {
      if (runStart < 0) runStart = next;
      run[m.index] = runStart;
    } else runStart = -1;
    position[m.index] = next++;
  }
  const layout = { position, run };
  cache.set(messages, layout);
  return layout;
}

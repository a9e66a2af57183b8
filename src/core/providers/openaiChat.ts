// What OpenAI Chat Completions answers to a broken history, quoted by the rules with the history's ids.
import type { Rejection } from '../model';

export const openaiChatMissingResult = (id: string): Rejection => ({
  target: 'openai-chat',
  error: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${id}`,
});

export const openaiChatResultWithoutCall: Rejection = {
  target: 'openai-chat',
  error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
};

/**
 * docs/FORMATS.md, "OpenAI Chat Completions": OpenAI rejects repeated tool_call_ids; this is
 * LangChain's reading of that 400 (its INVALID_TOOL_RESULTS error page).
 */
export const openaiChatOneResultPerCall: Rejection = {
  target: 'openai-chat',
  error: 'INVALID_TOOL_RESULTS: exactly one corresponding ToolMessage for each tool call, with matching tool_call_id values',
};

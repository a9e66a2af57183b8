// What providers and frameworks answer to a broken history, written once so every finding quotes
// the same text. Sources: /work/shared/formats.md §10 (exact API texts from user reports).
import type { ProviderTarget, Rejection } from '../model';
import { pythonRepr } from './langgraph/pythonRepr';

export type { Rejection };

export const TARGET_LABELS: Readonly<Record<ProviderTarget, string>> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
  langgraph: "LangGraph's create_react_agent",
};

export const openaiChatMissingResult = (id: string): Rejection => ({
  target: 'openai-chat',
  error: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${id}`,
});

export const openaiChatResultWithoutCall: Rejection = {
  target: 'openai-chat',
  error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
};

/**
 * formats.md records that OpenAI rejects repeated tool_call_ids, but no verbatim API text: this is
 * LangChain's reading of that 400 (its INVALID_TOOL_RESULTS error page).
 */
export const openaiChatOneResultPerCall: Rejection = {
  target: 'openai-chat',
  error: 'INVALID_TOOL_RESULTS: exactly one corresponding ToolMessage for each tool call, with matching tool_call_id values',
};

export const openaiResponsesMissingOutput = (id: string): Rejection => ({
  target: 'openai-responses',
  error: `No tool output found for function call ${id}.`,
});

export const openaiResponsesMissingCall = (id: string): Rejection => ({
  target: 'openai-responses',
  error: `No tool call found for function call output with call_id ${id}.`,
});

/** `turn` is the position of the assistant message holding the tool_use in the Anthropic request. */
export const anthropicMissingResult = (turn: number, id: string): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${id}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
});

export const anthropicUnexpectedResult = (turn: number, block: number, id: string): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}.content.${block}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
});

/** `toolUses` is how many tool_use blocks the assistant message before `turn` holds. */
export const anthropicResultsNotFirst = (turn: number, toolUses: number): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}: Did not find ${toolUses} tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.`,
});

/** formats.md: thinking blocks must be replayed unmodified with their signature; it records no error text. */
export const anthropicThinkingSignature = (turn: number, block: number, type: string, field: string): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}.content.${block}: a \`${type}\` block without \`${field}\` (no verbatim error text on record: thinking blocks must be sent back unmodified, ${field} included)`,
});

/** Older API versions and proxies; the current API merges consecutive turns, so these are warnings. */
export const ANTHROPIC_FIRST_USER = 'messages: first message must use the "user" role';
export const anthropicAlternate = (role: 'user' | 'assistant'): string =>
  `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;

export const geminiResponseNotAfterCall: Rejection = {
  target: 'gemini',
  error: 'Please ensure that function response turn comes immediately after a function call turn.',
};

export const geminiResponseCount: Rejection = {
  target: 'gemini',
  error:
    'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
};

/** formats.md quotes only the start of this Gemini 3 error. */
export const geminiMissingThoughtSignature: Rejection = {
  target: 'gemini',
  error: 'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly…',
};

export const langgraphMissingToolMessage = (id: string, name: string, args: unknown): Rejection => ({
  target: 'langgraph',
  error: `ValueError: Found AIMessages with tool_calls that do not have a corresponding ToolMessage. Here are the first few of those tool calls: [{'name': ${pythonRepr(name)}, 'args': ${pythonRepr(args, '{…}')}, 'id': ${pythonRepr(id)}, 'type': 'tool_call'}].\n\nEvery tool call (LLM requesting to call a tool) in the message history MUST have a corresponding ToolMessage (result of a tool invocation to return to the LLM) - this is required by most LLM providers.\nFor troubleshooting, visit: https://docs.langchain.com/oss/python/langgraph/errors/INVALID_CHAT_HISTORY`,
});

/** create_react_agent checks that each call has a ToolMessage somewhere, never where. */
export const LANGGRAPH_ACCEPTS_ORDER = `${TARGET_LABELS.langgraph} accepts it: its history check looks for a ToolMessage anywhere, not at the right place.`;

/** The text LangChain puts in the error ToolMessage it writes for an unparsable call. */
export const langchainInvalidCallReply = (name: string, error: string): string =>
  `Error: Failed to parse tool call arguments for '${name}'.\nDetails: ${error}\nPlease fix your mistakes and try again.`;

/** The `why` of a finding: one line of explanation, then one line per target that rejects it, then notes. */
export function explain(summary: string, rejections: readonly Rejection[] = [], notes: readonly string[] = []): string {
  return [summary, ...rejections.map((r) => `${TARGET_LABELS[r.target]} rejects it: ${r.error}`), ...notes].join('\n');
}

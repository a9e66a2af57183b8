// What providers and frameworks answer to a broken history, written once so every finding quotes
// the same text. Sources: /work/shared/formats.md §10 (exact API texts from user reports).

export interface Rejection {
  provider: string;
  error: string;
}

const OPENAI_CHAT = 'OpenAI Chat Completions';
const OPENAI_RESPONSES = 'OpenAI Responses';
const ANTHROPIC = 'Anthropic Messages';
const GEMINI = 'Gemini';
const LANGGRAPH = "LangGraph's create_react_agent";

export const openaiChatMissingResult = (id: string): Rejection => ({
  provider: OPENAI_CHAT,
  error: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${id}`,
});

export const openaiChatResultWithoutCall: Rejection = {
  provider: OPENAI_CHAT,
  error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
};

/** formats.md gives no verbatim API text for this one, only LangChain's reading of the 400. */
export const OPENAI_ONE_RESULT_PER_CALL = `${OPENAI_CHAT} rejects repeated tool_call_ids with a 400 that LangChain reports as INVALID_TOOL_RESULTS: "exactly one corresponding ToolMessage for each tool call, with matching tool_call_id values".`;

export const openaiResponsesMissingOutput = (id: string): Rejection => ({
  provider: OPENAI_RESPONSES,
  error: `No tool output found for function call ${id}.`,
});

export const openaiResponsesMissingCall = (id: string): Rejection => ({
  provider: OPENAI_RESPONSES,
  error: `No tool call found for function call output with call_id ${id}.`,
});

export const anthropicMissingResult = (id: string): Rejection => ({
  provider: ANTHROPIC,
  error: `messages.N: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${id}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
});

export const anthropicUnexpectedResult = (id: string): Rejection => ({
  provider: ANTHROPIC,
  error: `messages.N.content.M: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
});

export const geminiResponseNotAfterCall: Rejection = {
  provider: GEMINI,
  error: 'Please ensure that function response turn comes immediately after a function call turn.',
};

export const geminiResponseCount: Rejection = {
  provider: GEMINI,
  error:
    'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
};

export const langgraphMissingToolMessage = (id: string, name: string): Rejection => ({
  provider: LANGGRAPH,
  error: `ValueError: Found AIMessages with tool_calls that do not have a corresponding ToolMessage. Here are the first few of those tool calls: [{'name': '${name}', 'args': {…}, 'id': '${id}', 'type': 'tool_call'}].\n\nEvery tool call (LLM requesting to call a tool) in the message history MUST have a corresponding ToolMessage (result of a tool invocation to return to the LLM) - this is required by most LLM providers.\nFor troubleshooting, visit: https://docs.langchain.com/oss/python/langgraph/errors/INVALID_CHAT_HISTORY`,
});

/** create_react_agent checks that each call has a ToolMessage somewhere, never where. */
export const LANGGRAPH_ACCEPTS_ORDER = `${LANGGRAPH} accepts it: its history check looks for a ToolMessage anywhere, not at the right place.`;

/** The text LangChain puts in the error ToolMessage it writes for an unparsable call. */
export const langchainInvalidCallReply = (name: string, error: string): string =>
  `Error: Failed to parse tool call arguments for '${name}'.\nDetails: ${error}\nPlease fix your mistakes and try again.`;

/** The `why` of a finding: one line of explanation, then one line per provider that rejects it. */
export function why(summary: string, rejections: readonly Rejection[] = [], notes: readonly string[] = []): string {
  return [summary, ...rejections.map((r) => `${r.provider} rejects it: ${r.error}`), ...notes].join('\n');
}

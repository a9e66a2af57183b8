// What LangGraph's create_react_agent and LangChain's tool node say about a history. LangGraph raises a
// Python ValueError that prints the calls it rejects, so the values are quoted as Python would print them.
import type { Rejection } from '../../model';
import { TARGET_LABELS } from '../targets';
import { pythonRepr } from './pythonRepr';

export const langgraphMissingToolMessage = (id: string, name: string, args: unknown): Rejection => ({
  target: 'langgraph',
  error: `ValueError: Found AIMessages with tool_calls that do not have a corresponding ToolMessage. Here are the first few of those tool calls: [{'name': ${pythonRepr(name)}, 'args': ${pythonRepr(args, '{…}')}, 'id': ${pythonRepr(id)}, 'type': 'tool_call'}].\n\nEvery tool call (LLM requesting to call a tool) in the message history MUST have a corresponding ToolMessage (result of a tool invocation to return to the LLM) - this is required by most LLM providers.\nFor troubleshooting, visit: https://docs.langchain.com/oss/python/langgraph/errors/INVALID_CHAT_HISTORY`,
});

/** create_react_agent checks that each call has a ToolMessage somewhere, never where. */
export const LANGGRAPH_ACCEPTS_ORDER = `${TARGET_LABELS.langgraph} accepts it: its history check looks for a ToolMessage anywhere, not at the right place.`;

/**
 * The text LangChain puts in the error ToolMessage it writes for an unparsable call: the Details line only
 * when the call has an error, and `unknown` for a call without a name.
 */
export const langchainInvalidCallReply = (name: string, error: string): string =>
  `Error: Failed to parse tool call arguments for '${name === '' ? 'unknown' : name}'.\n${error === '' ? '' : `Details: ${error}\n`}Please fix your mistakes and try again.`;

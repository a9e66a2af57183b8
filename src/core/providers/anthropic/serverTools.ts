// Anthropic's server tools (web search, code execution, MCP) run inside the API call: their call
// and result both sit in the assistant message, and no tool_result from the user answers them.
import { isRecord } from '../../json/value';
import type { Message, ToolCall } from '../../model';

const typeOf = (raw: unknown): string => (isRecord(raw) && typeof raw.type === 'string' ? raw.type : '');

/** `server_tool_use`, `mcp_tool_use`... Block types have no dot: `agent.custom_tool_use` is a Managed Agents event, not a block. */
export const isServerCallType = (type: string): boolean => type !== 'tool_use' && type.endsWith('_tool_use') && !type.includes('.');
/** `web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`... (and no event type, as above) */
export const isServerResultType = (type: string): boolean => type !== 'tool_result' && type.endsWith('_tool_result') && !type.includes('.');

export const isServerCall = (call: ToolCall): boolean => isServerCallType(typeOf(call.raw));
/** A tool message the Anthropic reader made from a server tool's result block. */
export const isServerResult = (m: Message): boolean => m.role === 'tool' && isServerResultType(typeOf(m.raw));

// What every LangChain form shares once its envelope is off: the message fields of
// `data` / `kwargs` / a flat dict, read into the normalized model.
import { findJsonError, lineColumnAt } from '../../json/jsonError';
import { isRecord, kindOf, parseJson } from '../../json/value';
import type { ContentBlock, ContentKind, Role, SourceLocation, ToolCall, Usage } from '../../model';
import { joinText } from './drafts';
import { idOf, numberOf, stringOf } from './fields';
import { usageFrom } from './usage';
import type { MessageDraft } from '../types';
import type { Unreadable } from './messageList';

// `chat` / `generic` (ChatMessage) carry their role in a `role` field.
const ROLES = new Map<string, Role | 'chat'>([
  ['human', 'human'],
  ['user', 'human'],
  ['ai', 'ai'],
  ['assistant', 'ai'],
  ['system', 'system'],
  ['developer', 'system'],
  ['tool', 'tool'],
  ['function', 'tool'],
  ['remove', 'other'],
  ['chat', 'chat'],
  ['generic', 'chat'],
]);

/** Stands in for an absent field object, so that reading one costs no allocation per message. */
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

// Most messages make no calls, and an AI message that does has no content: they all share one
// empty list instead of holding two or three of their own, which every garbage collection would
// copy (a million messages hold a million of them). Frozen, so a reader that pushes onto a draft's
// list fails at once instead of changing every message; readers that add build a new list.
const NO_CALLS = Object.freeze([]) as readonly ToolCall[] as ToolCall[];
const NO_BLOCKS = Object.freeze([]) as readonly ContentBlock[] as ContentBlock[];

const TYPE_NAMES = 'human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)';

/** `AIMessageChunk` -> `ai`, `HumanMessage` -> `human`; plain type names pass through. */
export function baseType(name: string): string {
  const match = /^(\w+?)Message(?:Chunk)?$/.exec(name);
  return match?.[1] !== undefined ? match[1].toLowerCase() : name;
}

/** Whether a type / role / class name is one LangChain gives a message. */
export function isMessageType(name: string): boolean {
  return ROLES.has(baseType(name));
}

function roleOf(sourceType: string, fields: Record<string, unknown>): Role | undefined {
  // Stored messages spell the plain name; the class-name pattern is tried only for the others.
  const role = ROLES.get(sourceType) ?? ROLES.get(baseType(sourceType));
  if (role !== 'chat') return role;
  const named = typeof fields.role === 'string' ? ROLES.get(fields.role) : undefined;
  // A ChatMessage may carry any role name; one we do not know is still a message.
  return named === undefined || named === 'chat' ? 'other' : named;
}

const isEmptyContent = (content: unknown): boolean => content === null || content === undefined || content === '';

/**
 * Reads message fields (stored `data`, serialized `kwargs` or a plain dict) given the type name as
 * the input wrote it; `raw` and `location` are the draft's. The draft is built in one literal with
 * every field: histories reach a million messages, and adding fields later costs an allocation each.
 */
export function readMessage(sourceType: string, fields: Record<string, unknown>, raw: unknown, location: SourceLocation): MessageDraft | Unreadable {
  const role = roleOf(sourceType, fields);
  if (role === undefined) {
    return { unreadable: `unknown message type ${JSON.stringify(sourceType)}: expected ${TYPE_NAMES}` };
  }
  const given = fields.content;
  const toolCalls = fields.tool_calls;
  // OpenAI lets an assistant message with tool calls omit content; a RemoveMessage needs none.
  if (given === undefined && !('content' in fields) && !Array.isArray(toolCalls) && baseType(sourceType) !== 'remove') {
    return { unreadable: 'missing `content`' };
  }
  const extra = isRecord(fields.additional_kwargs) ? fields.additional_kwargs : EMPTY;
  const metadata = isRecord(fields.response_metadata) ? fields.response_metadata : EMPTY;
  const read = isEmptyContent(given) ? NO_BLOCKS : readContent(given);
  const reasoning = extra.reasoning_content;
  // DeepSeek, Ollama, xAI and Groq integrations put reasoning in `additional_kwargs.reasoning_content`.
  const content =
    typeof reasoning === 'string' && reasoning !== '' ? [{ kind: 'reasoning' as const, type: 'reasoning_content', text: reasoning, raw: reasoning }, ...read] : read;
  // Older LangChain kept OpenAI-style calls only in additional_kwargs; `tool_calls` wins when present.
  const calls = Array.isArray(toolCalls) ? toolCalls : Array.isArray(extra.tool_calls) ? extra.tool_calls : undefined;
  return {
    role,
    sourceType,
    id: idOf(fields.id),
    name: stringOf(fields.name),
    content,
    text: joinText(content),
    toolCalls: readToolCalls(calls, false),
    invalidToolCalls: readToolCalls(fields.invalid_tool_calls, true),
    toolCallId: idOf(fields.tool_call_id),
    status: stringOf(fields.status),
    usage: readUsage(fields.usage_metadata),
    model: stringOf(metadata.model_name) ?? stringOf(metadata.model),
    timestamp: stringOf(fields.timestamp) ?? stringOf(extra.timestamp) ?? stringOf(metadata.created_at),
    raw,
    location,
    index: undefined,
  };
}

const BLOCK_KINDS = new Map<string, ContentKind>([
  ...['text', 'input_text', 'output_text', 'refusal'].map((t) => [t, 'text'] as const),
  ...['reasoning', 'thinking', 'redacted_thinking'].map((t) => [t, 'reasoning'] as const),
  ...['image', 'image_url', 'input_image'].map((t) => [t, 'image'] as const),
  ...['audio', 'input_audio'].map((t) => [t, 'audio'] as const),
  ...['file', 'input_file', 'video', 'text-plain', 'document'].map((t) => [t, 'file'] as const),
  ...[
    'tool_call',
    'tool_call_chunk',
    'invalid_tool_call',
    'server_tool_call',
    'server_tool_call_chunk',
    'tool_use',
    'server_tool_use',
    'function_call',
  ].map((t) => [t, 'tool_call'] as const),
  ...['tool_result', 'server_tool_result', 'web_search_tool_result', 'function_call_output'].map(
    (t) => [t, 'tool_result'] as const,
  ),
]);

/** Content is a string or a list of strings and typed blocks (LangChain v0/v1, OpenAI, Anthropic). */
export function readContent(content: unknown): ContentBlock[] {
  if (isEmptyContent(content)) return [];
  if (typeof content === 'string') return [{ kind: 'text', type: 'text', text: content, raw: content }];
  if (Array.isArray(content)) return content.map(readBlock);
  return [{ kind: 'other', type: '(none)', raw: content }];
}

function readBlock(block: unknown): ContentBlock {
  if (typeof block === 'string') return { kind: 'text', type: 'text', text: block, raw: block };
  if (!isRecord(block)) return { kind: 'other', type: '(none)', raw: block };
  const type = stringOf(block.type);
  const kind = (type === undefined ? undefined : BLOCK_KINDS.get(type)) ?? 'other';
  return { kind, type: type ?? '(none)', text: blockText(block, kind), raw: block };
}

function blockText(block: Record<string, unknown>, kind: ContentKind): string | undefined {
  if (kind === 'reasoning') return stringOf(block.reasoning) ?? stringOf(block.thinking) ?? summaryText(block.summary);
  if (kind === 'tool_result') return stringOf(block.content) ?? stringOf(block.output);
  return stringOf(block.text) ?? stringOf(block.refusal);
}

/** OpenAI Responses reasoning: `summary: [{type: "summary_text", text}]`. */
function summaryText(summary: unknown): string | undefined {
  if (!Array.isArray(summary)) return undefined;
  const texts = summary.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** Each entry of a `tool_calls` / `invalid_tool_calls` list; none when it is not a list. */
function readToolCalls(list: unknown, invalid: boolean): ToolCall[] {
  if (!Array.isArray(list) || list.length === 0) return NO_CALLS;
  return list.map((call) => readToolCall(call, invalid));
}

/** LangChain `{name, args, id}` or OpenAI `{id, type: "function", function: {name, arguments}}`. */
export function readToolCall(value: unknown, invalid: boolean): ToolCall {
  if (!isRecord(value)) {
    const unreadable: ToolCall = { name: '', args: value, error: `expected a tool call object, got ${kindOf(value)}`, raw: value };
    if (invalid) unreadable.invalid = true;
    return unreadable;
  }
  const fn = isRecord(value.function) ? value.function : undefined;
  const given = fn ? fn.arguments : value.args;
  const call: ToolCall = { id: idOf(value.id), name: stringOf(fn ? fn.name : value.name) ?? '', args: given, raw: value };
  // Set here rather than spread into the literal: spreading costs a copy per call.
  if (invalid) call.invalid = true;
  if (typeof given === 'string') {
    call.argsText = given;
    const parsed = parseArguments(given);
    if ('error' in parsed) call.error = parsed.error;
    else call.args = parsed.value;
  }
  // An invalid_tool_calls entry says itself what went wrong; prefer its words.
  if (invalid) call.error = stringOf(value.error) ?? call.error;
  return call;
}

function parseArguments(text: string): { value: unknown } | { error: string } {
  const parsed = parseJson(text);
  if (parsed) return parsed;
  const found = findJsonError(text);
  if (!found) return { error: 'arguments are not valid JSON' };
  const { line, column } = lineColumnAt(text, found.offset);
  const where = line > 1 ? `line ${line}, column ${column}` : `column ${column}`;
  return { error: `arguments are not valid JSON at ${where}: ${found.message}` };
}

/** LangChain `usage_metadata`; the total counts as reported only when the source gave one. */
export function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const inputDetails = isRecord(value.input_token_details) ? value.input_token_details : EMPTY;
  const outputDetails = isRecord(value.output_token_details) ? value.output_token_details : EMPTY;
  return usageFrom({
    input: numberOf(value.input_tokens),
    output: numberOf(value.output_tokens),
    total: numberOf(value.total_tokens),
    cacheRead: numberOf(inputDetails.cache_read),
    cacheCreation: numberOf(inputDetails.cache_creation),
    reasoning: numberOf(outputDetails.reasoning),
  });
}

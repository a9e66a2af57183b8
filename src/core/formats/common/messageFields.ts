// The message fields most formats come down to once their own envelope is off: LangChain's names
// (`content`, `tool_calls`, `invalid_tool_calls`, `tool_call_id`, `usage_metadata`...), which LangChain's
// stored `data`, serialized `kwargs` and plain dicts use, and which several other adapters map their
// messages onto rather than repeat the reading. See docs/FORMATS.md, "LangChain".
import { isRecord } from '../../json/value';
import type { ContentBlock, Role, SourceLocation } from '../../model';
import { isEmptyContent, readContent } from './content';
import { joinText } from './drafts';
import { idOf, stringOf } from './fields';
import { readToolCalls } from './toolCall';
import { readUsage } from './usage';
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

// An AI message that makes calls has no content: they all share one empty list instead of holding
// one of their own, which every garbage collection would copy (see NO_CALLS in toolCall.ts).
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
    typeof reasoning === 'string' && reasoning !== ''
      ? [{ kind: 'reasoning' as const, type: 'reasoning_content', text: reasoning, raw: reasoning }, ...read]
      : read;
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

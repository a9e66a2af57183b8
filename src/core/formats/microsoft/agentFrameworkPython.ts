// Microsoft Agent Framework (Python) `to_dict()` JSON: microsoft/agent-framework
// python/packages/core/agent_framework/_types.py (Message, Content, UsageDetails, ChatResponse) and
// _serialization.py. Current messages are `{"type": "message", "role": "user", "contents": [...]}`;
// until early 2026 they were `{"type": "chat_message", "role": {"type": "role", "value": "user"}, ...}`.
// Contents mirror Microsoft.Extensions.AI in snake_case (see meaiContents.ts).
import { isRecord } from '../../json/value';
import type { Usage } from '../../model';
import { expectedObject } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { findNestedList } from '../common/findNestedList';
import { readPieceList, type FoundList, type Pieces } from '../common/splitMessages';
import { usageFrom } from '../common/usage';
import { applyResponse, camelToSnake, CHAT_ROLES, readChatMessage, type Dialect } from './meaiContents';
import type { FormatAdapter, ParsedInput } from '../types';
import { findMessageList, scoreList, type Unreadable } from '../common/messageList';

const EXPECTS =
  '{"type": "message" | "chat_message", "role": ..., "contents": [{"type": "text" | "function_call" | ...}]} dicts, as one message, a bare array, under "messages" (ChatResponse) or in a thread state';

/** `contents` (not OpenAI Responses' `content`) under a message type is Agent Framework's own. */
function isMessage(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (value.type === 'message' || value.type === 'chat_message') && Array.isArray(value.contents);
}

function findList(value: unknown): FoundList | undefined {
  if (isMessage(value)) return { list: [value], path: [], single: true };
  return findMessageList(value) ?? findNestedList(value, isMessage);
}

/** The older form wraps the role: `{"type": "role", "value": "user"}`. */
function roleName(role: unknown): string | undefined {
  return stringOf(role) ?? (isRecord(role) ? stringOf(role.value) : undefined);
}

/**
 * UsageDetails. input_token_count is the whole prompt as the provider reported it (cache counts are
 * parts of it), so it is used as reported.
 */
function readUsageDetails(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  return usageFrom({
    input: numberOf(value.input_token_count),
    output: numberOf(value.output_token_count),
    total: numberOf(value.total_token_count),
    cacheRead: numberOf(value.cache_read_input_token_count),
    cacheCreation: numberOf(value.cache_creation_input_token_count),
    reasoning: numberOf(value.reasoning_output_token_count),
  });
}

// Older UsageContent wrote `details`; current Content writes `usage_details`.
const DIALECT: Dialect = {
  typeKey: 'type',
  spell: camelToSnake,
  usage: (content) => readUsageDetails(content.usage_details ?? content.details),
};

function readMessage(element: unknown): Pieces | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`type`, `role` and `contents`', element) };
  const role = roleName(element.role);
  if (role === undefined) return { unreadable: 'expected a `role` string or {"type": "role", "value": ...}' };
  return readChatMessage(element, CHAT_ROLES.get(role) ?? 'other', role, DIALECT);
}

function read(input: ParsedInput) {
  const messages = readPieceList(input, findList(input.value), readMessage, EXPECTS);
  const response = input.value;
  if (isRecord(response) && Array.isArray(response.messages)) {
    applyResponse(messages, stringOf(response.model_id), readUsageDetails(response.usage_details));
  }
  return { messages };
}

export const agentFrameworkPython: FormatAdapter = {
  name: 'agent-framework-python',
  label: 'Microsoft Agent Framework (Python)',
  expects: EXPECTS,
  detect: (input) => (isMessage(input.value) ? 100 : scoreList({ ...input, value: findList(input.value)?.list }, (element) => (isMessage(element) ? 100 : 0))),
  read,
};

// Microsoft.Extensions.AI ChatMessage JSON (.NET, AIJsonUtilities.DefaultOptions: camelCase, `$type`
// content discriminators), as dotnet/extensions writes it:
// src/Libraries/Microsoft.Extensions.AI.Abstractions/ChatCompletion/ChatMessage.cs, ChatResponse.cs,
// UsageDetails.cs and Contents/AIContent.cs. Microsoft Agent Framework .NET stores the same messages in
// its session state (microsoft/agent-framework dotnet/src/Microsoft.Agents.AI.Abstractions/
// InMemoryChatHistoryProvider.cs: `stateBag.<provider>.messages`).
import { isRecord } from '../../json/value';
import type { Usage } from '../../model';
import { expectedObject } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { findNestedList } from '../common/findNestedList';
import { readPieceList, type FoundList, type Pieces } from '../common/splitMessages';
import { usageFrom } from '../common/usage';
import { applyResponse, CHAT_ROLES, readChatMessage, type Dialect } from './meaiContents';
import type { FormatAdapter, ParsedInput } from '../types';
import { findMessageList, scoreList, type Unreadable } from '../common/messageList';

const EXPECTS =
  '{"role": "user" | "assistant" | ..., "contents": [{"$type": "text" | "functionCall" | ...}]} ChatMessages, as one message, a bare array, under "messages" (ChatResponse) or in an Agent Framework session state\'s stateBag';

/** A ChatMessage has `role` and `contents` and, unlike Agent Framework Python's, no `type`. */
function isChatMessage(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.role === 'string' && Array.isArray(value.contents) && !('type' in value);
}

function findList(value: unknown): FoundList | undefined {
  if (isChatMessage(value)) return { list: [value], path: [], single: true };
  return findMessageList(value) ?? findNestedList(value, isChatMessage);
}

/** Contents discriminated by `$type` are MEAI's own; an empty message is still one by its shape. */
function score(element: unknown): number {
  const contents = isChatMessage(element) ? element.contents : undefined;
  if (!Array.isArray(contents)) return 0;
  return contents.length === 0 || contents.some((c) => isRecord(c) && typeof c.$type === 'string') ? 100 : 0;
}

/**
 * UsageDetails. inputTokenCount is the whole prompt, cached tokens included (cachedInputTokenCount
 * is a part of it), so it is used as reported.
 */
function readUsageDetails(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  return usageFrom({
    input: numberOf(value.inputTokenCount),
    output: numberOf(value.outputTokenCount),
    total: numberOf(value.totalTokenCount),
    cacheRead: numberOf(value.cachedInputTokenCount),
    reasoning: numberOf(value.reasoningTokenCount),
  });
}

const DIALECT: Dialect = { typeKey: '$type', spell: (camel) => camel, usage: (content) => readUsageDetails(content.details) };

function readMessage(element: unknown): Pieces | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`role` and `contents`', element) };
  const role = stringOf(element.role);
  if (role === undefined) return { unreadable: 'expected a string `role`' };
  return readChatMessage(element, CHAT_ROLES.get(role.toLowerCase()) ?? 'other', role, DIALECT);
}

function read(input: ParsedInput) {
  const messages = readPieceList(input, findList(input.value), readMessage, EXPECTS);
  const response = input.value;
  if (isRecord(response) && Array.isArray(response.messages)) {
    applyResponse(messages, stringOf(response.modelId), readUsageDetails(response.usage));
  }
  return { messages };
}

export const meai: FormatAdapter = {
  name: 'meai',
  label: 'Microsoft.Extensions.AI / Agent Framework (.NET)',
  expects: EXPECTS,
  detect: (input) => (isChatMessage(input.value) ? score(input.value) : scoreList({ ...input, value: findList(input.value)?.list }, score)),
  read,
};

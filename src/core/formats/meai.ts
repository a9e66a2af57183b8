// Microsoft.Extensions.AI ChatMessage JSON (.NET, AIJsonUtilities.DefaultOptions: camelCase, `$type`
// content discriminators), as dotnet/extensions writes it:
// src/Libraries/Microsoft.Extensions.AI.Abstractions/ChatCompletion/ChatMessage.cs, ChatResponse.cs,
// UsageDetails.cs and Contents/AIContent.cs. Microsoft Agent Framework .NET stores the same messages in
// its session state (microsoft/agent-framework dotnet/src/Microsoft.Agents.AI.Abstractions/
// InMemoryChatHistoryProvider.cs: `stateBag.<provider>.messages`).
import { isRecord } from '../json/value';
import type { Role, Usage } from '../model';
import { numberOf, stringOf } from './common/fields';
import { findNestedList } from './common/find-nested-list';
import { PieceBuilder, readPieceList, type FoundList, type Pieces } from './common/split-messages';
import { applyResponse, readContents, type Dialect } from './meai-contents';
import type { FormatAdapter, ParsedInput } from './types';
import { expectedObject, findMessageList, scoreList, type Unreadable } from './wrappers';

const EXPECTS =
  '{"role": "user" | "assistant" | ..., "contents": [{"$type": "text" | "functionCall" | ...}]} ChatMessages, as one message, a bare array, under "messages" (ChatResponse) or in an Agent Framework session state\'s stateBag';

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['tool', 'tool'],
]);

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
  const input = numberOf(value.inputTokenCount);
  const output = numberOf(value.outputTokenCount);
  if (input === undefined && output === undefined) return undefined;
  const reported = numberOf(value.totalTokenCount);
  const usage: Usage = {
    input: input ?? 0,
    output: output ?? 0,
    total: reported ?? (input ?? 0) + (output ?? 0),
    totalReported: reported !== undefined,
  };
  const cacheRead = numberOf(value.cachedInputTokenCount);
  const reasoning = numberOf(value.reasoningTokenCount);
  if (cacheRead !== undefined) usage.cacheRead = cacheRead;
  if (reasoning !== undefined) usage.reasoning = reasoning;
  return usage;
}

const DIALECT: Dialect = { typeKey: '$type', spell: (camel) => camel, usage: (content) => readUsageDetails(content.details) };

function readChatMessage(element: unknown): Pieces | Unreadable {
  if (!isRecord(element)) return expectedObject('`role` and `contents`', element);
  const role = stringOf(element.role);
  if (role === undefined) return { unreadable: 'expected a string `role`' };
  const contents = element.contents ?? [];
  if (!Array.isArray(contents)) return { unreadable: '`contents` is not a list' };
  const builder = new PieceBuilder(ROLES.get(role.toLowerCase()) ?? 'other', {
    sourceType: role,
    id: stringOf(element.messageId),
    name: stringOf(element.authorName),
    timestamp: stringOf(element.createdAt),
  });
  readContents(contents, 'contents', DIALECT, builder);
  return builder.finish();
}

function read(input: ParsedInput) {
  const messages = readPieceList(input, findList(input.value), readChatMessage, EXPECTS);
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

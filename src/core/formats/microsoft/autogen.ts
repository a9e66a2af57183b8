// AutoGen v0.4+ messages (microsoft/autogen @027ecf0). autogen_core `models/_types.py`: `SystemMessage`,
// `UserMessage {content: str | [str | Image], source}`, `AssistantMessage {content: str |
// [FunctionCall {id, name, arguments: JSON string}], thought?, source}`, `FunctionExecutionResultMessage
// {content: [FunctionExecutionResult {content, name, call_id, is_error}]}`, each with `type`. AgentChat
// `autogen_agentchat/messages.py`: `{id, source, models_usage: {prompt_tokens, completion_tokens},
// metadata, created_at, content, type}` for TextMessage, MultiModalMessage, ToolCallRequestEvent,
// ToolCallExecutionEvent, ToolCallSummaryMessage, ThoughtEvent, HandoffMessage, StopMessage and other
// events. Read from a list, a TaskResult `{messages}`, or an agent state's `llm_context.messages`.
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf } from '../../json/value';
import type { ContentBlock, Role, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, newDraft, problemDraft, textOf } from '../common/drafts';
import { usageFrom } from '../common/usage';
import { readToolCall } from '../common/toolCall';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { findMessageList, firstElements, WRAPPERS } from '../common/messageList';

const EXPECTS = `AutoGen messages ({"type": "UserMessage" | "AssistantMessage" | "FunctionExecutionResultMessage" | "TextMessage" | "ToolCallRequestEvent" | ..., "content": ...}) ${WRAPPERS}, or an agent state's "llm_context.messages"`;

const CORE_TYPES = new Set(['SystemMessage', 'UserMessage', 'AssistantMessage', 'FunctionExecutionResultMessage']);
const AGENTCHAT_TYPES = new Set([
  'TextMessage',
  'MultiModalMessage',
  'StopMessage',
  'HandoffMessage',
  'ToolCallSummaryMessage',
  'StructuredMessage',
  'ToolCallRequestEvent',
  'ToolCallExecutionEvent',
  'ThoughtEvent',
  'MemoryQueryEvent',
  'UserInputRequestedEvent',
  'ModelClientStreamingChunkEvent',
  'SelectSpeakerEvent',
  'SelectorEvent',
  'CodeGenerationEvent',
  'CodeExecutionEvent',
]);

function isAutogen(element: unknown): boolean {
  if (!isRecord(element) || typeof element.type !== 'string' || !('content' in element)) return false;
  // StructuredMessage types carry their content class, e.g. `StructuredMessage[Answer]`.
  return CORE_TYPES.has(element.type) || AGENTCHAT_TYPES.has(element.type) || element.type.startsWith('StructuredMessage');
}

function listOf(value: unknown): { list: unknown[]; at: PathSegment[] } | undefined {
  if (isRecord(value) && isRecord(value.llm_context) && Array.isArray(value.llm_context.messages)) {
    return { list: value.llm_context.messages, at: ['llm_context', 'messages'] };
  }
  const found = findMessageList(value);
  return found && { list: found.list, at: found.path };
}

function detect(input: ParsedInput): number {
  const found = listOf(input.value);
  if (!found) return 0;
  const sample = firstElements(found.list, input, 5);
  if (sample.length === 0) return 0;
  // 100 like the LangChain dicts that also take `UserMessage` as a type name; AutoGen is listed first.
  return (sample.filter(isAutogen).length / sample.length) * 100;
}

function read(input: ParsedInput): AdapterOutput {
  const found = listOf(input.value);
  if (!found) return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}`)] };
  const messages = found.list.flatMap((element, i) => {
    const path = input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : formatPath([...found.at, i]);
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) return [problemDraft(element, path, lineError)];
    return readElement(element, path);
  });
  return { messages };
}

function readElement(element: unknown, path: string): MessageDraft[] {
  if (!isRecord(element)) return [problemDraft(element, path, `expected an AutoGen message object, got ${kindOf(element)}`)];
  const type = element.type;
  if (typeof type !== 'string') return [problemDraft(element, path, 'expected a string `type` such as "TextMessage" or "AssistantMessage"')];
  if (type === 'FunctionExecutionResultMessage' || type === 'ToolCallExecutionEvent') return readResults(element, path);
  const draft = newDraft(roleOf(type, element.source), type, [], element, path);
  fillContent(draft, element);
  if (typeof element.source === 'string') draft.name = element.source;
  if (typeof element.id === 'string') draft.id = element.id;
  if (typeof element.created_at === 'string') draft.timestamp = element.created_at;
  const usage = readUsage(element.models_usage);
  if (usage) draft.usage = usage;
  return [draft];
}

/** AgentChat messages say who spoke in `source`: "user" is the person, anyone else an agent. */
function roleOf(type: string, source: unknown): Role {
  if (type === 'SystemMessage') return 'system';
  if (type === 'UserMessage') return 'human';
  if (
    type === 'AssistantMessage' ||
    type === 'ToolCallRequestEvent' ||
    type === 'ThoughtEvent' ||
    type === 'ToolCallSummaryMessage' ||
    type === 'HandoffMessage'
  )
    return 'ai';
  if (type === 'TextMessage' || type === 'MultiModalMessage' || type.startsWith('StructuredMessage')) return source === 'user' ? 'human' : 'ai';
  // StopMessage and the other events are the framework talking, not a turn of the conversation.
  return 'other';
}

function fillContent(draft: MessageDraft, element: Record<string, unknown>): void {
  const content: ContentBlock[] = [];
  if (typeof element.thought === 'string' && element.thought !== '')
    content.push({ kind: 'reasoning', type: 'thought', text: element.thought, raw: element.thought });
  const body = element.content;
  if (draft.sourceType === 'ThoughtEvent' && typeof body === 'string') {
    content.push({ kind: 'reasoning', type: 'thought', text: body, raw: body });
  } else if (typeof body === 'string') {
    if (body !== '') content.push({ kind: 'text', type: 'text', text: body, raw: body });
  } else if (Array.isArray(body)) {
    for (const item of body) {
      if (typeof item === 'string') content.push({ kind: 'text', type: 'text', text: item, raw: item });
      else if (isFunctionCall(item)) draft.toolCalls.push({ ...readToolCall({ id: item.id, name: item.name, args: item.arguments }, false), raw: item });
      // autogen_core Image serializes as {"data": "<base64>"}.
      else content.push({ kind: isRecord(item) && typeof item.data === 'string' ? 'image' : 'other', type: 'image', raw: item });
    }
  } else if (body !== null && body !== undefined) {
    // StructuredMessage content is the model's object; show it as text.
    content.push({ kind: 'text', type: 'structured', text: textOf(body), raw: body });
  }
  draft.content = content;
  draft.text = joinText(content);
}

function isFunctionCall(item: unknown): item is Record<string, unknown> {
  return isRecord(item) && typeof item.name === 'string' && 'arguments' in item;
}

/** One tool message per FunctionExecutionResult, in order. */
function readResults(element: Record<string, unknown>, path: string): MessageDraft[] {
  if (!Array.isArray(element.content))
    return [problemDraft(element, path, 'expected `content` to be a list of FunctionExecutionResult {content, call_id, is_error}')];
  const sourceType = String(element.type);
  return element.content.map((result, j): MessageDraft => {
    const at = `${path}.content[${j}]`;
    if (!isRecord(result)) return problemDraft(result, at, `expected a FunctionExecutionResult, got ${kindOf(result)}`);
    const text = textOf(result.content);
    const content: ContentBlock[] = text === '' ? [] : [{ kind: 'text', type: 'text', text, raw: result.content }];
    const draft = newDraft('tool', sourceType, content, result, path.startsWith('line ') ? path : at);
    if (typeof result.call_id === 'string') draft.toolCallId = result.call_id;
    if (typeof result.name === 'string') draft.name = result.name;
    if (result.is_error === true) draft.status = 'error';
    else if (result.is_error === false) draft.status = 'success';
    return draft;
  });
}

/** RequestUsage: prompt_tokens is the whole prompt as the client reports it; no total is given. */
function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const input = typeof value.prompt_tokens === 'number' ? value.prompt_tokens : undefined;
  const output = typeof value.completion_tokens === 'number' ? value.completion_tokens : undefined;
  return usageFrom({ input, output });
}

export const autogen: FormatAdapter = guarded({
  name: 'autogen',
  label: 'AutoGen messages',
  expects: EXPECTS,
  detect,
  read,
});

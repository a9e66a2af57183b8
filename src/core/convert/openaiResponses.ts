// OpenAI Responses request body `{instructions?, input: [items]}` (docs/FORMATS.md, "OpenAI, Mistral and Ollama",
// "Responses API"; openai-python `src/openai/types/responses/response_input_item_param.py`). There is no assistant
// message holding calls: an AI message becomes a run of items, its reasoning items, one assistant message, then its
// function calls, and each tool result a `function_call_output`. Items read from a Responses history go back as they
// came (their ids, status and encrypted reasoning with them); reasoning of any other provider has no place here.
import { isRecord } from '../json/value';
import type { ContentBlock, Message, ToolCall, Transcript } from '../model';
import { wirePositions } from '../providers/anthropic/wireOrder';
import type { Lost } from '../providers/lost';
import { dataUrl, readImage } from '../providers/media';
import { answeredInsideLost, argumentsText, madeUpIdsWritten } from './callParts';
import { convertEach } from './isolated';
import { reorderedText } from './openaiChat';
import { onlyText, requestLosses } from './requestLosses';

const TARGET = 'OpenAI Responses';
type Json = Record<string, unknown>;

/**
 * Input items that are neither messages nor calls, taken as they are, each with the field the API requires of it
 * (`response_input_item_param.py`), so that another format's block of the same type name (Anthropic's `compaction`
 * holds `content`) is not mistaken for one.
 */
const PASSED_ITEMS = new Map([
  ['item_reference', 'id'],
  ['mcp_list_tools', 'server_label'],
  ['mcp_approval_request', 'server_label'],
  ['mcp_approval_response', 'approval_request_id'],
  ['compaction', 'encrypted_content'],
]);
/** Calls Responses runs on its side, holding their result (no call_id): `response_output_item.py`. */
const SERVER_CALLS = new Set(['web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'mcp_call']);
/** Responses input content parts, sent as they are. */
const INPUT_PARTS = new Set(['input_text', 'input_image', 'input_file', 'input_audio']);
const OUTPUT_PARTS = new Set(['output_text', 'refusal']);

const typeOf = (value: unknown): string | undefined => (isRecord(value) && typeof value.type === 'string' ? value.type : undefined);

/**
 * A reasoning item as Responses returned it: the API takes it back by its `id` (stored) or its `encrypted_content`
 * (`include: ["reasoning.encrypted_content"]`); reasoning text of another provider it cannot take.
 */
const isResponsesReasoning = (raw: unknown): raw is Json =>
  isRecord(raw) && raw.type === 'reasoning' && Array.isArray(raw.summary) && (typeof raw.id === 'string' || typeof raw.encrypted_content === 'string');

/** A call Responses ran on its side (web search, code interpreter, MCP...): no call_id, its result inside it. */
const isServerCallItem = (raw: unknown): raw is Json => SERVER_CALLS.has(typeOf(raw) ?? '') && isRecord(raw) && typeof raw.id === 'string';

/** An item of PASSED_ITEMS with the field it must have. */
function isPassedItem(raw: unknown): raw is Json {
  const needs = PASSED_ITEMS.get(typeOf(raw) ?? '');
  return needs !== undefined && isRecord(raw) && typeof raw[needs] === 'string';
}

/** A call item of a Responses history (function, custom, shell, computer, program...), linked by `call_id`. */
const isCallItem = (raw: unknown, id: string | undefined): raw is Json =>
  id !== undefined && isRecord(raw) && raw.call_id === id && (typeOf(raw)?.endsWith('_call') === true || raw.type === 'program');

/** A call's output item of a Responses history, linked by `call_id` (`local_shell_call_output` by `id`). */
function isOutputItem(raw: unknown, id: string | undefined): raw is Json {
  const type = typeOf(raw);
  if (id === undefined || !isRecord(raw) || type === undefined) return false;
  if (type === 'local_shell_call_output') return raw.id === id;
  return raw.call_id === id && (type.endsWith('_call_output') || type === 'program_output');
}

/** The assistant `message` item an AI message was read from, when it was read from Responses items. */
function messageItem(m: Message): Json | undefined {
  const items: readonly unknown[] = Array.isArray(m.raw) ? m.raw : [m.raw];
  const found = items.find((item) => isRecord(item) && item.type === 'message' && item.role === 'assistant' && Array.isArray(item.content));
  // Anthropic's messages are `{type: "message", role: "assistant"}` too: a Responses message holds output parts only.
  const outputParts = isRecord(found) && Array.isArray(found.content) && found.content.every((part) => OUTPUT_PARTS.has(typeOf(part) ?? ''));
  return outputParts && isRecord(found) ? found : undefined;
}

function userPart(m: Message, block: ContentBlock, lost: Lost): Json | undefined {
  const type = typeOf(block.raw);
  if (type !== undefined && INPUT_PARTS.has(type) && isRecord(block.raw)) return block.raw;
  if (block.kind === 'text') return { type: 'input_text', text: block.text ?? '' };
  const image = readImage(block);
  if (image) return { type: 'input_image', image_url: dataUrl(image), detail: 'auto' };
  lost.add(m.index, `a ${block.type} block has no place in ${TARGET} input messages`);
  return undefined;
}

/** A typed input message of a Responses history (`Message` in response_input_item_param.py), written back as it came. */
function inputMessage(m: Message, role: string): Json | undefined {
  const raw = m.raw;
  if (!isRecord(raw) || raw.type !== 'message' || raw.role !== role || !Array.isArray(raw.content)) return undefined;
  return raw.content.every((part) => INPUT_PARTS.has(typeOf(part) ?? '')) ? raw : undefined;
}

function userItem(m: Message, lost: Lost): Json {
  const own = inputMessage(m, 'user');
  if (own) return own;
  const content = onlyText(m) && m.content.length <= 1 ? m.text : m.content.flatMap((block) => userPart(m, block, lost) ?? []);
  return { role: 'user', content };
}

function systemItem(m: Message, lost: Lost): Json {
  const own = inputMessage(m, m.sourceType);
  if (own) return own;
  for (const block of m.content) if (block.kind !== 'text') lost.add(m.index, `a ${block.type} block has no place in ${TARGET} system messages`);
  return { role: m.sourceType === 'developer' ? 'developer' : 'system', content: m.text };
}

function callItem(m: Message, call: ToolCall, lost: Lost): Json {
  if (isCallItem(call.raw, call.id)) return call.raw;
  if (call.id === undefined) lost.add(m.index, `call ${call.name} has no id, which ${TARGET} requires (call_id)`);
  if (call.invalid || call.error !== undefined)
    lost.add(m.index, `the error of invalid call ${call.id ?? call.name} has no place in ${TARGET}; its arguments are sent as written`);
  return { type: 'function_call', ...(call.id !== undefined && { call_id: call.id }), name: call.name, arguments: argumentsText(call) };
}

/**
 * Reasoning, server calls and attached items where they stood, the text as one assistant message at the place of its
 * first block, then the calls. The message a Responses history had is written back whole, its id with it.
 */
function assistantItems(m: Message, lost: Lost): Json[] {
  const items: Json[] = [];
  const texts: ContentBlock[] = [];
  const callRaws = new Set([...m.toolCalls, ...m.invalidToolCalls].map((call) => call.raw));
  let messageAt = -1;
  for (const block of m.content) {
    if (block.kind === 'text') {
      if (messageAt < 0) messageAt = items.length;
      texts.push(block);
    } else if (block.kind === 'reasoning') {
      if (isResponsesReasoning(block.raw)) items.push(block.raw);
      else lost.add(m.index, `reasoning has no place in ${TARGET} input unless it is a reasoning item Responses returned (its id or encrypted_content)`);
    } else if (block.kind === 'tool_call') {
      // A call of the message's own toolCalls is written below; a server call item of Responses holds its result.
      if (isServerCallItem(block.raw)) items.push(block.raw);
      else if (!callRaws.has(block.raw)) lost.add(m.index, `a ${block.type} block has no place in ${TARGET} assistant messages`);
    } else if (block.kind === 'other' && isPassedItem(block.raw)) items.push(block.raw);
    else lost.add(m.index, `a ${block.type} block has no place in ${TARGET} assistant messages`);
  }
  const calls = [...m.toolCalls, ...m.invalidToolCalls].map((call) => callItem(m, call, lost));
  answeredInsideLost(m, lost, TARGET, (call) => isCallItem(call.raw, call.id));
  if (messageAt >= 0 || (items.length === 0 && calls.length === 0)) {
    items.splice(Math.max(messageAt, 0), 0, messageItem(m) ?? assistantMessage(m, texts));
  }
  return [...items, ...calls];
}

/** One text block as a plain string, several as output_text parts, so the text reads back joined as it was. */
function assistantMessage(m: Message, texts: readonly ContentBlock[]): Json {
  if (texts.length <= 1) return { role: 'assistant', content: m.text };
  return {
    role: 'assistant',
    content: texts.map((block) =>
      typeOf(block.raw) === 'output_text' && isRecord(block.raw) ? block.raw : { type: 'output_text', text: block.text ?? '', annotations: [] },
    ),
  };
}

/** The Responses item a message was read from; an Agents SDK run item holds it in `raw_item` (docs/FORMATS.md). */
const itemOf = (raw: unknown): unknown => (isRecord(raw) && isRecord(raw.raw_item) ? raw.raw_item : raw);

function outputItem(m: Message, lost: Lost): Json {
  const own = itemOf(m.raw);
  if (isOutputItem(own, m.toolCallId)) return own;
  if (m.toolCallId === undefined) lost.add(m.index, `a tool result without tool_call_id cannot be a function_call_output (call_id is required)`);
  if (m.name !== undefined) lost.add(m.index, `${TARGET} function_call_output items have no tool name`);
  if (m.status !== undefined && m.status !== 'success')
    lost.add(m.index, `status "${m.status}" has no place in ${TARGET} function_call_output items; the output text says what happened`);
  for (const block of m.content)
    if (block.kind !== 'text') lost.add(m.index, `a ${block.type} block has no place in ${TARGET} function_call_output items (text only)`);
  return { type: 'function_call_output', ...(m.toolCallId !== undefined && { call_id: m.toolCallId }), output: m.text };
}

function messageItems(m: Message, lost: Lost): Json[] {
  switch (m.role) {
    case 'system':
      return [systemItem(m, lost)];
    case 'human':
      return [userItem(m, lost)];
    case 'ai':
      return assistantItems(m, lost);
    case 'tool':
      return [outputItem(m, lost)];
    case 'other':
      // An input item this reader shows as it is (an item reference, an MCP approval response) goes back as it came.
      return isPassedItem(m.raw) ? [m.raw] : [];
  }
}

/** Calls and attached items carry no turn boundary: after another AI message's items, they join its turn. */
const joinsTurn = (item: Json | undefined): boolean => {
  const type = typeOf(item);
  return type !== undefined && type !== 'message' && type !== 'reasoning';
};

export function toOpenAIResponses(t: Transcript, lost: Lost): { instructions?: string; input: Json[] } {
  const positions = wirePositions();
  const [first] = t.messages;
  // The Responses reader reads a request's `instructions` as its first, system message: it goes back there.
  const instructions = first?.role === 'system' && first.sourceType === 'instructions' && onlyText(first) ? first : undefined;
  let previous: Message | undefined;
  const input = convertEach(t.messages, lost, (m) => {
    if (m === instructions) {
      requestLosses(m, lost, TARGET);
      return undefined;
    }
    const items = messageItems(m, lost);
    const ids = new Set(items.map((item) => item.id));
    if (m.role !== 'other' || items.length === 0) requestLosses(m, lost, TARGET, m.id !== undefined && ids.has(m.id));
    if (m.role !== 'human' && m.role !== 'system') madeUpIdsWritten(m, lost, TARGET);
    if (m.role === 'ai') {
      reorderedText(t.messages, m, positions, lost, TARGET);
      if (previous?.role === 'ai' && joinsTurn(items[0])) {
        lost.add(
          m.index,
          `${TARGET} items carry no boundary between model turns but a message or reasoning item: this AI message, starting with a call, joins the one before it`,
        );
      }
    }
    if (m.name !== undefined && m.role !== 'tool') lost.add(m.index, `${TARGET} messages have no name`);
    previous = m;
    return items;
  }).flat();
  return { ...(instructions && { instructions: instructions.text }), input };
}

// OpenAI Chat Completions request body `{messages: [...]}` (docs/FORMATS.md, "OpenAI, Mistral and Ollama").
import { isRecord, stringifyJson } from '../json/value';
import type { ContentBlock, Message, ToolCall, Transcript } from '../model';
import { resultsInside, wireContent, wirePositions, type WirePositions } from '../providers/anthropic/wireOrder';
import type { Lost } from '../providers/lost';
import { dataUrl, readImage } from '../providers/media';
import { convertEach } from './isolated';
import { onlyText, requestLosses } from './requestLosses';

const TARGET = 'OpenAI Chat';
type Json = Record<string, unknown>;

/** User content parts: text, images; audio and files only when already in OpenAI's shape. */
function userPart(m: Message, block: ContentBlock, lost: Lost): Json | undefined {
  if (block.kind === 'text') return { type: 'text', text: block.text ?? '' };
  if (isRecord(block.raw) && (block.raw.type === 'image_url' || block.raw.type === 'input_audio' || block.raw.type === 'file')) return block.raw;
  const image = readImage(block);
  if (image) return { type: 'image_url', image_url: { url: dataUrl(image) } };
  lost.add(m.index, `a ${block.type} block has no place in ${TARGET} user content`);
  return undefined;
}

function userContent(m: Message, lost: Lost): string | Json[] {
  if (onlyText(m) && m.content.length <= 1) return m.text;
  return m.content.flatMap<Json>((block) => userPart(m, block, lost) ?? []);
}

/** Text only: what else a message holds is reported, not sent. */
function textOnly(m: Message, lost: Lost, where: string): string {
  for (const block of m.content) {
    if (block.kind === 'tool_call' && m.role === 'ai') continue;
    if (block.kind !== 'text') lost.add(m.index, `${block.kind === 'reasoning' ? 'reasoning' : `a ${block.type}`} block has no place in ${where}`);
  }
  return m.text;
}

function toolCall(m: Message, call: ToolCall, lost: Lost): Json {
  if (call.id === undefined) lost.add(m.index, `call ${call.name} has no id, which ${TARGET} requires`);
  if (call.invalid) lost.add(m.index, `the error of invalid call ${call.id ?? call.name} has no place in ${TARGET}`);
  const args = call.argsText ?? (typeof call.args === 'string' ? call.args : (stringifyJson(call.args ?? {}) ?? '{}'));
  return { ...(call.id !== undefined && { id: call.id }), type: 'function', function: { name: call.name, arguments: args } };
}

/** Invalid calls go out as tool_calls with their raw arguments, as langchain-openai sends them. */
function assistant(m: Message, lost: Lost): Json {
  const text = textOnly(m, lost, `${TARGET} assistant messages`);
  const calls = [...m.toolCalls, ...m.invalidToolCalls].map((c) => toolCall(m, c, lost));
  return {
    role: 'assistant',
    content: text === '' && calls.length > 0 ? null : text,
    ...(m.name !== undefined && { name: m.name }),
    ...(calls.length > 0 && { tool_calls: calls }),
  };
}

function tool(m: Message, lost: Lost): Json {
  if (m.toolCallId === undefined) lost.add(m.index, `a tool result without tool_call_id cannot be answered in ${TARGET}`);
  if (m.name !== undefined) lost.add(m.index, `${TARGET} tool messages have no name`);
  if (m.status !== undefined && m.status !== 'success') lost.add(m.index, `status "${m.status}" has no place in ${TARGET} tool messages`);
  return { role: 'tool', ...(m.toolCallId !== undefined && { tool_call_id: m.toolCallId }), content: textOnly(m, lost, `${TARGET} tool messages`) };
}

function convertMessage(m: Message, lost: Lost): Json | undefined {
  requestLosses(m, lost, TARGET);
  const name = m.name !== undefined ? { name: m.name } : {};
  switch (m.role) {
    case 'system':
      return { role: m.sourceType === 'developer' ? 'developer' : 'system', content: textOnly(m, lost, `${TARGET} system messages`), ...name };
    case 'human':
      return { role: 'user', content: userContent(m, lost), ...name };
    case 'ai':
      return assistant(m, lost);
    case 'tool':
      return tool(m, lost);
    case 'other':
      return undefined;
  }
}

/**
 * An Anthropic assistant message that searched (or ran code) and then wrote more: its server results
 * were read out into the tool messages after it, and OpenAI Chat (as OpenAI Responses) sends an assistant
 * message's text before its tool results, so the text written after a result comes before it. Said, not done silently.
 */
export function reorderedText(messages: readonly Message[], m: Message, positions: WirePositions, lost: Lost, target = TARGET): void {
  const inside = resultsInside(messages, m, positions);
  const content = wireContent(m);
  const [first] = inside;
  if (first === undefined || content === undefined) return;
  // Looked up, not searched for: an indexOf per text block made a message of n blocks quadratic.
  const at = positions(content);
  const after = m.content.some((block) => block.kind === 'text' && (block.text ?? '') !== '' && (at.get(block.raw) ?? -1) > first.at);
  if (!after) return;
  const results = inside.map(({ message }) => `#${message.index}`).join(', ');
  lost.add(
    m.index,
    `text written after its server tool results (${results}) is sent before them: ${target} puts an assistant message's text ahead of its tool results`,
  );
}

export function toOpenAIChat(t: Transcript, lost: Lost): { messages: Json[] } {
  const positions = wirePositions();
  return {
    messages: convertEach(t.messages, lost, (m) => {
      if (m.role === 'ai') reorderedText(t.messages, m, positions, lost);
      return convertMessage(m, lost);
    }),
  };
}

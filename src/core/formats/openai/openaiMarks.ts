// Telling apart OpenAI Chat and the APIs that copy its message shape (Mistral, Ollama). A plain
// `[{role, content}]` list fits all of them and LangChain's dicts too, so each adapter claims an input
// only by marks that its own API writes and the others do not (a list of text alone, `plain`, goes to OpenAI
// Chat at the generic score: openaiChat.ts):
// - openai: `tool_calls[].function.arguments` as a JSON string, `tool_call_id`, `function_call`,
//   `refusal`, `reasoning_content`, content parts `image_url: {url}` / `input_audio`, custom tool calls.
// - mistral (client-python `models/assistantmessage.py`, `thinkchunk.py`, `documenturlchunk.py`,
//   `imageurlchunk.py`, `chatcompletionrequest.py`): `prefix`, `thinking` chunks holding chunk lists,
//   `document_url` chunks, `image_url` as a bare string, object arguments on a call that has an id,
//   request fields `random_seed` / `safe_prompt` / `prompt_mode`.
// - ollama (`api/types.go`): `tool_name`, `thinking` as a string, `images` lists, `function.index`,
//   object arguments on a call without an id, request fields `keep_alive` / `options` / `think`.
import { findMessageList, firstElements } from '../common/messageList';
import { isRecord } from '../../json/value';
import type { ParsedInput } from '../types';

export type Dialect = 'openai' | 'mistral' | 'ollama';

export interface ChatEvidence {
  /** Share of the sampled elements that read as chat messages of some dialect (0..1). */
  fit: number;
  marks: Set<Dialect>;
  /** `request`: `{model, messages}`; `completion`: `{choices: [{message}]}`; `ollama-response`: `{message, done}`. */
  envelope?: 'request' | 'completion' | 'ollama-response';
  /** The completion says `object: "chat.completion"`. */
  certain?: boolean;
  /** Every sampled element of a bare or `messages` list is a plain message (`isPlain`). */
  plain?: true;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
// Content part types any of the three dialects writes; a part outside this set (Anthropic `tool_use`,
// AI SDK `tool-call`...) means the message is another format's.
const PART_TYPES = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal', 'thinking', 'document_url', 'reference']);
const MISTRAL_REQUEST_KEYS = ['random_seed', 'safe_prompt', 'prompt_mode'];
const OLLAMA_REQUEST_KEYS = ['keep_alive', 'think'];
const SAMPLE_SIZE = 100;
// The shape OpenAI Chat, LangChain's dicts and the AI SDK's ModelMessages share, with nothing any one of them alone writes.
const PLAIN_ROLES = new Set(['system', 'developer', 'user', 'assistant']);
const PLAIN_KEYS = new Set(['role', 'content', 'name']);

/** What the input says about being an OpenAI-shaped chat, or undefined when it is no such chat at all. */
export function chatEvidence(input: ParsedInput): ChatEvidence | undefined {
  const { value } = input;
  if (isRecord(value) && isRecord(value.message) && typeof value.done === 'boolean') {
    const marks = sample([value.message])?.marks ?? new Set<Dialect>();
    return { fit: 1, marks: marks.add('ollama'), envelope: 'ollama-response' };
  }
  if (isRecord(value) && Array.isArray(value.choices)) {
    const messages = value.choices.map((choice) => (isRecord(choice) ? choice.message : undefined));
    const evidence = messages.some(isRecord) ? sample(messages) : undefined;
    return evidence && { ...evidence, envelope: 'completion', certain: value.object === 'chat.completion' };
  }
  // A top-level `system` is Anthropic's request, whose messages can look like OpenAI's.
  if (isRecord(value) && 'system' in value) return undefined;
  const found = findMessageList(value);
  if (!found) return undefined;
  // Not in a LangGraph thread state (`values.messages`): that envelope is LangChain's.
  const evidence = sample(firstElements(found.list, input, SAMPLE_SIZE), found.path.length <= 1);
  if (evidence && isRecord(value) && found.path.length === 1) {
    if (MISTRAL_REQUEST_KEYS.some((key) => key in value)) evidence.marks.add('mistral');
    if (OLLAMA_REQUEST_KEYS.some((key) => key in value) || isRecord(value.options)) evidence.marks.add('ollama');
    if (typeof value.model === 'string') return { ...evidence, envelope: 'request' };
  }
  return evidence;
}

/** Undefined when an element is another format's message: a known role with foreign content or calls. */
function sample(elements: readonly unknown[], plainList = false): ChatEvidence | undefined {
  const marks = new Set<Dialect>();
  let fitting = 0;
  let plain = plainList && elements.length > 0;
  for (const element of elements) {
    const shape = classify(element);
    if (shape === 'foreign') return undefined;
    if (shape === 'none') {
      plain = false;
      continue;
    }
    fitting++;
    addMarks(shape, marks);
    plain &&= isPlain(shape);
  }
  return { fit: elements.length === 0 ? 0 : fitting / elements.length, marks, ...(plain && { plain: true as const }) };
}

/** `{role, content, name?}` of text alone: a string, or `{type: "text", text}` parts (OpenAI's and the AI SDK's). */
function isPlain(message: Record<string, unknown>): boolean {
  if (!PLAIN_ROLES.has(String(message.role)) || !Object.keys(message).every((key) => PLAIN_KEYS.has(key))) return false;
  if ('name' in message && typeof message.name !== 'string') return false;
  const { content } = message;
  return typeof content === 'string' || (Array.isArray(content) && content.every(isTextPart));
}

const isTextPart = (part: unknown): boolean => isRecord(part) && part.type === 'text' && typeof part.text === 'string' && Object.keys(part).length === 2;

function classify(element: unknown): Record<string, unknown> | 'foreign' | 'none' {
  if (!isRecord(element) || typeof element.role !== 'string' || !ROLES.has(element.role)) return 'none';
  // `type` keys (LangChain dicts, Responses and Agent Framework items), `contents` or `parts` instead of
  // `content`, Anthropic / AI SDK blocks, LangChain- or Inspect-shaped calls: another format's message.
  if ('type' in element) return 'foreign';
  if (!('content' in element) && !Array.isArray(element.tool_calls) && !isRecord(element.function_call)) return 'foreign';
  const { content, tool_calls: calls } = element;
  if (content !== null && content !== undefined && typeof content !== 'string' && !(Array.isArray(content) && content.every(isChatPart))) {
    return 'foreign';
  }
  return calls === undefined || calls === null || (Array.isArray(calls) && calls.every(isChatCall)) ? element : 'foreign';
}

function isChatCall(call: unknown): boolean {
  return isRecord(call) && (isRecord(call.function) || (call.type === 'custom' && isRecord(call.custom)));
}

function isChatPart(part: unknown): boolean {
  if (typeof part === 'string') return true;
  if (!isRecord(part) || !PART_TYPES.has(String(part.type))) return false;
  // Anthropic's thinking block holds a string; Mistral's holds a list of chunks.
  return part.type !== 'thinking' || Array.isArray(part.thinking);
}

function addMarks(message: Record<string, unknown>, marks: Set<Dialect>): void {
  if ('refusal' in message || isRecord(message.function_call) || typeof message.reasoning_content === 'string') marks.add('openai');
  if (message.role === 'tool' && typeof message.tool_call_id === 'string') marks.add('openai');
  if (typeof message.prefix === 'boolean') marks.add('mistral');
  if (typeof message.tool_name === 'string' || typeof message.thinking === 'string' || Array.isArray(message.images)) marks.add('ollama');
  if (Array.isArray(message.content)) for (const part of message.content) addPartMarks(part, marks);
  if (Array.isArray(message.tool_calls)) for (const call of message.tool_calls) addCallMarks(call, marks);
}

function addPartMarks(part: unknown, marks: Set<Dialect>): void {
  if (!isRecord(part)) return;
  if (part.type === 'image_url') marks.add(typeof part.image_url === 'string' ? 'mistral' : 'openai');
  else if (part.type === 'input_audio') marks.add('openai');
  else if ((part.type === 'thinking' && Array.isArray(part.thinking)) || part.type === 'document_url') marks.add('mistral');
}

function addCallMarks(call: unknown, marks: Set<Dialect>): void {
  if (!isRecord(call)) return;
  if (call.type === 'custom' && isRecord(call.custom)) marks.add('openai');
  const fn = call.function;
  if (!isRecord(fn)) return;
  if (typeof fn.arguments === 'string') marks.add('openai');
  else if (typeof fn.index === 'number') marks.add('ollama');
  else if (isRecord(fn.arguments)) marks.add(typeof call.id === 'string' ? 'mistral' : 'ollama');
}

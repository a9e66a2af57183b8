// LlamaIndex ChatMessage dumps (run-llama/llama_index llama-index-core/llama_index/core/base/llms/types.py):
// `{role, additional_kwargs, blocks: [{block_type: "text" | "image" | "audio" | "video" | "document" |
// "cache" | "citable" | "citation" | "thinking" | "tool_call", ...}]}`; older dumps have `content`.
// Tool calls live in `tool_call` blocks (`tool_call_id, tool_name, tool_kwargs`) or, from the OpenAI and
// Anthropic integrations, in `additional_kwargs.tool_calls`; tool results name their call in
// `additional_kwargs.tool_call_id`. Also reads SimpleChatStore / ChatMemoryBuffer persistence
// (`{"store": {"<key>": [ChatMessage...]}}`, `llama_index/core/storage/chat_store/simple_chat_store.py`), each key
// a conversation, and the same written as JSON strings: the whole store (older persist()), a key's list, each
// message, or a `{"messages": "[...]"}` list; each string is decoded once (docs/FORMATS.md, "LlamaIndex").
import { formatPath, type PathSegment } from '../../json/locate';
import { describeShape, isRecord, parseJson } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall } from '../../model';
import { ConversationList } from '../common/conversations';
import { guarded } from '../common/guard';
import { expectedObject, joinText, problemDraft } from '../common/drafts';
import { readToolCall } from '../common/toolCall';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { placed, readMessageList, scoreList, WRAPPERS, type DraftBody, type Unreadable } from '../common/messageList';

const EXPECTS = `LlamaIndex ChatMessage dicts ({"role", "additional_kwargs", "blocks": [{"block_type": ...}]}) ${WRAPPERS}, or a SimpleChatStore ({"store": {...}})`;

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['developer', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['chatbot', 'ai'],
  ['model', 'ai'],
  ['tool', 'tool'],
  ['function', 'tool'],
]);

const BLOCK_KINDS = new Map<string, ContentKind>([
  ['text', 'text'],
  ['thinking', 'reasoning'],
  ['image', 'image'],
  ['audio', 'audio'],
  ['video', 'file'],
  ['document', 'file'],
  ['tool_call', 'tool_call'],
]);

/**
 * `blocks` keyed by `block_type` is LlamaIndex's own (100). The legacy `{role, content,
 * additional_kwargs}` (60) only beats the generic role/content dicts, and LangChain dicts say `type`.
 */
function score(element: unknown): number {
  if (!isRecord(element) || typeof element.role !== 'string' || 'type' in element) return 0;
  if (Array.isArray(element.blocks)) return element.blocks.every((b) => isRecord(b) && typeof b.block_type === 'string') ? 100 : 0;
  return isRecord(element.additional_kwargs) && 'content' in element ? 60 : 0;
}

/**
 * A value some persists wrote as a JSON string instead of JSON: decoded once. Older SimpleChatStore.persist()
 * wrote `json.dumps(self.json())`, the whole store as one string; other tools keep each message, or a
 * `messages` list, as a string.
 */
function decoded(value: unknown): { value: unknown; encoded: boolean } {
  if (typeof value !== 'string') return { value, encoded: false };
  const text = value.trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return { value, encoded: false };
  const parsed = parseJson(value);
  return parsed ? { value: parsed.value, encoded: true } : { value, encoded: false };
}

interface ChatStore {
  store: Record<string, unknown>;
  /** Where the store is in the text; undefined when the whole store is one string (its messages point at it). */
  base: PathSegment[] | undefined;
}

function chatStore(value: unknown): ChatStore | undefined {
  const outer = decoded(value);
  if (!isRecord(outer.value)) return undefined;
  const holder = isRecord(outer.value.chat_store) ? outer.value.chat_store : outer.value;
  const { store } = holder;
  if (!isRecord(store) || !Object.values(store).every((list) => Array.isArray(list) || typeof list === 'string')) return undefined;
  return { store, base: outer.encoded ? undefined : holder === outer.value ? ['store'] : ['chat_store', 'store'] };
}

/** A key's messages: a list, or a list written as a JSON string. */
function listOf(value: unknown): { list: unknown[]; encoded: boolean } | undefined {
  const found = decoded(value);
  return Array.isArray(found.value) ? { list: found.value, encoded: found.encoded } : undefined;
}

/** `{"messages": "[...]"}`: a ChatMessage list some tools save as a JSON string. */
function encodedMessages(value: unknown): unknown[] | undefined {
  if (!isRecord(value) || typeof value.messages !== 'string') return undefined;
  const found = listOf(value.messages);
  return found?.encoded ? found.list : undefined;
}

const firstScore = (list: readonly unknown[]): number => (list.length > 0 ? score(decoded(list[0]).value) : 0);

function detect(input: ParsedInput): number {
  const store = chatStore(input.value);
  if (store) {
    const first = Object.values(store.store)
      .map(listOf)
      .find((found) => found !== undefined && found.list.length > 0);
    return first ? firstScore(first.list) : 0;
  }
  const encoded = encodedMessages(input.value);
  if (encoded) return firstScore(encoded);
  return scoreList(input, score);
}

const ENCODED_STORE =
  'The chat store is one JSON string (as older SimpleChatStore.persist() wrote it), decoded once to read it; its messages point at that string.';

function read(input: ParsedInput): AdapterOutput {
  const store = chatStore(input.value);
  const encoded = encodedMessages(input.value);
  if (encoded) {
    const messages = encoded.map((element) => placeOrProblem(readChatMessage(decoded(element).value), element, 'messages'));
    return { messages, notes: ['`messages` is a JSON string, decoded once to read it; its messages point at that string.'] };
  }
  if (!store) return { messages: readMessageList(input, (element, path) => placeOrKeep(readChatMessage(element), element, path), EXPECTS) };
  const keys = Object.keys(store.store);
  const list = new ConversationList();
  let strings = 0;
  for (const key of keys) {
    const found = listOf(store.store[key]);
    // A key that is not an identifier cannot be spelled in a location path: point at the store.
    const keyPath = store.base === undefined ? [] : /^[a-z_$][\w$]*$/i.test(key) ? [...store.base, key] : store.base;
    if (!found) {
      list.add(key, [problemDraft(store.store[key], formatPath(keyPath), 'expected a list of ChatMessages, or one written as a JSON string')]);
      continue;
    }
    // Messages inside a string have no place of their own in the text: they point at the string.
    const exact = store.base !== undefined && keyPath !== store.base && !found.encoded;
    const at = (i: number): string => formatPath(exact ? [...keyPath, i] : keyPath);
    const drafts = found.list.map((element, i): MessageDraft => {
      const message = decoded(element);
      if (message.encoded) strings++;
      return placeOrProblem(readChatMessage(message.value), element, at(i));
    });
    list.add(key, drafts);
  }
  const notes: string[] = [];
  if (store.base === undefined) notes.push(ENCODED_STORE);
  if (strings > 0)
    notes.push(
      `${strings} ${strings === 1 ? 'message is a JSON string' : 'messages are JSON strings'} inside the store, decoded once to read ${strings === 1 ? 'it' : 'them'}.`,
    );
  if (keys.length > 1) notes.push(`Chat store with ${keys.length} keys, each a conversation of its own: ${keys.join(', ')}.`);
  return list.output(notes);
}

const placeOrProblem = (body: DraftBody | Unreadable, element: unknown, path: string): MessageDraft =>
  'unreadable' in body ? problemDraft(element, path, body.unreadable) : placed(body, element, path);

const placeOrKeep = (body: DraftBody | Unreadable, element: unknown, path: string): MessageDraft | Unreadable =>
  'unreadable' in body ? body : placed(body, element, path);

function readChatMessage(element: unknown): DraftBody | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`role` and `blocks`', element) };
  if (typeof element.role !== 'string') return { unreadable: 'expected a string `role`' };
  if (!Array.isArray(element.blocks) && !('content' in element)) return { unreadable: `expected \`blocks\` or \`content\`; got ${describeShape(element)}` };
  const extra = isRecord(element.additional_kwargs) ? element.additional_kwargs : {};
  const blocks: unknown[] = Array.isArray(element.blocks)
    ? element.blocks
    : typeof element.content === 'string'
      ? [{ block_type: 'text', text: element.content }]
      : [];
  const content = blocks.map(readBlock);
  const blockCalls = blocks.flatMap((block) => (isRecord(block) && block.block_type === 'tool_call' ? [readBlockCall(block)] : []));
  // The integrations that predate tool_call blocks keep the provider's calls in additional_kwargs.
  const kwargCalls = Array.isArray(extra.tool_calls) ? extra.tool_calls.map(readKwargCall) : [];
  const draft: DraftBody = {
    role: ROLES.get(element.role) ?? 'other',
    sourceType: element.role,
    content,
    text: joinText(content),
    toolCalls: blockCalls.length > 0 ? blockCalls : kwargCalls,
    invalidToolCalls: [],
  };
  if (typeof extra.tool_call_id === 'string') draft.toolCallId = extra.tool_call_id;
  if (typeof extra.name === 'string') draft.name = extra.name;
  if (typeof extra.id === 'string') draft.id = extra.id;
  return draft;
}

function readBlock(block: unknown): ContentBlock {
  if (!isRecord(block)) return { kind: 'other', type: '(none)', raw: block };
  const type = typeof block.block_type === 'string' ? block.block_type : '(none)';
  const kind = BLOCK_KINDS.get(type) ?? 'other';
  const text =
    kind === 'text'
      ? block.text
      : kind === 'reasoning'
        ? block.content
        : kind === 'tool_call'
          ? block.tool_name
          : type === 'citable' || type === 'document'
            ? block.title
            : undefined;
  return { kind, type, ...(typeof text === 'string' && { text }), raw: block };
}

/** `tool_kwargs` is a dict, or the model's JSON string when it was not parsed. */
function readBlockCall(block: Record<string, unknown>): ToolCall {
  return { ...readToolCall({ id: block.tool_call_id, name: block.tool_name, args: block.tool_kwargs }, false), raw: block };
}

/** OpenAI `{id, function: {name, arguments}}`, or Anthropic `{id, name, input, type: "tool_use"}`. */
function readKwargCall(call: unknown): ToolCall {
  if (isRecord(call) && !isRecord(call.function) && 'input' in call) {
    return { ...readToolCall({ id: call.id, name: call.name, args: call.input }, false), raw: call };
  }
  return readToolCall(call, false);
}

export const llamaindex: FormatAdapter = guarded({
  name: 'llamaindex',
  label: 'LlamaIndex ChatMessage',
  expects: EXPECTS,
  detect,
  read,
});

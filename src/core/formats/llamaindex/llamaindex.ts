// LlamaIndex ChatMessage dumps (run-llama/llama_index llama-index-core/llama_index/core/base/llms/types.py):
// `{role, additional_kwargs, blocks: [{block_type: "text" | "image" | "audio" | "video" | "document" |
// "cache" | "citable" | "citation" | "thinking" | "tool_call", ...}]}`; older dumps have `content`.
// Tool calls live in `tool_call` blocks (`tool_call_id, tool_name, tool_kwargs`) or, from the OpenAI and
// Anthropic integrations, in `additional_kwargs.tool_calls`; tool results name their call in
// `additional_kwargs.tool_call_id`. Also reads SimpleChatStore / ChatMemoryBuffer persistence
// (`{"store": {"<key>": [ChatMessage...]}}`, `llama_index/core/storage/chat_store/simple_chat_store.py`).
import { formatPath } from '../../json/locate';
import { describeShape, isRecord } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall } from '../../model';
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

function chatStore(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const holder = isRecord(value.chat_store) ? value.chat_store : value;
  return isRecord(holder.store) && Object.values(holder.store).every(Array.isArray) ? holder.store : undefined;
}

function detect(input: ParsedInput): number {
  const store = chatStore(input.value);
  if (store) {
    const first = Object.values(store).find((list): list is unknown[] => Array.isArray(list) && list.length > 0);
    return first ? score(first[0]) : 0;
  }
  return scoreList(input, score);
}

function read(input: ParsedInput): AdapterOutput {
  const store = chatStore(input.value);
  if (!store) return { messages: readMessageList(input, (element, path) => placeOrKeep(readChatMessage(element), element, path), EXPECTS) };
  const base = isRecord(input.value) && isRecord(input.value.chat_store) ? ['chat_store', 'store'] : ['store'];
  const keys = Object.keys(store);
  const messages = keys.flatMap((key) => {
    const list = store[key];
    if (!Array.isArray(list)) return [];
    // A key that is not an identifier cannot be spelled in a location path: point at the store.
    const at = (i: number): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? formatPath([...base, key, i]) : formatPath(base));
    return list.map((element, i): MessageDraft => {
      const body = readChatMessage(element);
      return 'unreadable' in body ? problemDraft(element, at(i), body.unreadable) : placed(body, element, at(i));
    });
  });
  const notes = keys.length > 1 ? [`Chat store with ${keys.length} keys (${keys.join(', ')}), shown one after another.`] : [];
  return { messages, notes };
}

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

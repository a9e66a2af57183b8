// Anthropic Messages API: a request body `{model, max_tokens, system?, messages}`, a bare list of
// messages, or a response `{type: "message", role: "assistant", content, stop_reason, usage}`.
// Source: anthropics/anthropic-sdk-python@009b035 src/anthropic/types/message_create_params.py and
// message.py (see anthropicMessage.ts for the blocks).
import { isRecord } from '../../json/value';
import { isCallType, isResultType, readAnthropicMessage } from './anthropicMessage';
import { whereAt, whereOf } from '../common/draftPaths';
import { newDraft, problemDraft } from '../common/drafts';
import { readContent } from '../common/content';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'a Messages API request {"system"?, "max_tokens", "messages": [{"role": "user" | "assistant", "content": ...}]}, a bare list of such messages with Anthropic blocks (tool_use, tool_result, thinking...), or a response {"type": "message", "role": "assistant", "content": [...]}';

/** Block types only Anthropic writes; `image` and `document` count when they carry a `source`. */
const MARK_TYPES = new Set(['thinking', 'redacted_thinking', 'search_result', 'mid_conv_system', 'container_upload']);
const ROLES = new Set(['user', 'assistant']);
/** How many messages detection looks at: enough to reach the first tool call of a long history. */
const SCAN = 200;

function isResponse(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.type === 'message' && value.role === 'assistant' && Array.isArray(value.content);
}

function isMark(block: unknown): boolean {
  if (!isRecord(block) || typeof block.type !== 'string') return false;
  const type = block.type;
  if (MARK_TYPES.has(type) || isCallType(type) || isResultType(type)) return true;
  return (type === 'image' || type === 'document') && isRecord(block.source);
}

/** Roles and fields fit Anthropic (no system/tool roles, no OpenAI tool_calls); whether any block is Anthropic-only. */
function scanMessages(list: readonly unknown[], input: ParsedInput): { fits: boolean; marked: boolean } {
  let marked = false;
  for (let i = 0; i < list.length && i < SCAN; i++) {
    if (input.lineErrors?.has(i)) continue;
    const m = list[i];
    if (!isRecord(m) || 'tool_calls' in m || 'tool_call_id' in m) return { fits: false, marked };
    const blocks = Array.isArray(m.content) ? m.content : [];
    const systemTurn = m.role === 'system' && blocks.some((b) => isRecord(b) && b.type === 'mid_conv_system');
    if (!(typeof m.role === 'string' && ROLES.has(m.role)) && !systemTurn) return { fits: false, marked };
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) return { fits: false, marked };
    marked ||= isResponse(m) || blocks.some(isMark);
  }
  return { fits: list.length > 0, marked };
}

function isSystemParam(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.every((b) => isRecord(b) && b.type === 'text'));
}

function detect(input: ParsedInput): number {
  const value = input.value;
  if (isResponse(value)) return 100;
  if (Array.isArray(value)) {
    const { fits, marked } = scanMessages(value, input);
    return fits && marked ? 90 : 0;
  }
  if (!isRecord(value) || !Array.isArray(value.messages)) return 0;
  const { fits, marked } = scanMessages(value.messages, input);
  if (!fits) return 0;
  if (marked || ('system' in value && isSystemParam(value.system))) return 100;
  // Plain user/assistant text reads the same either way; a Claude model says whose request it is.
  if (typeof value.model === 'string' && value.model.startsWith('claude')) return 95;
  // max_tokens alone: OpenAI Chat has that field too, so claim it only just above role dicts.
  return typeof value.max_tokens === 'number' ? 60 : 0;
}

/** The top-level system prompt: a string or a list of text blocks, as message 0. */
function systemDraft(system: unknown): MessageDraft[] {
  if (system === undefined || system === null || system === '') return [];
  if (!isSystemParam(system)) return [problemDraft(system, 'system', 'expected `system` to be a string or a list of text blocks')];
  return [newDraft('system', 'system', readContent(system), system, 'system')];
}

function read(input: ParsedInput): AdapterOutput {
  const value = input.value;
  if (isResponse(value)) return { messages: readAnthropicMessage(value, whereAt('')), kind: 'response' };
  const body = isRecord(value) && Array.isArray(value.messages) ? value : undefined;
  const list: unknown[] | undefined = body && Array.isArray(body.messages) ? body.messages : Array.isArray(value) ? value : undefined;
  if (list === undefined) return { messages: [problemDraft(value, '', `expected ${EXPECTS}`)] };
  const messages = body ? systemDraft(body.system) : [];
  const lineOf = input.jsonLines ? input.lineOf : undefined;
  list.forEach((element, i) => {
    const where = whereOf(body ? 'messages' : '', i, lineOf);
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) {
      messages.push(problemDraft(element, where.path, lineError));
      return;
    }
    const drafts = readAnthropicMessage(element, where);
    // `turn` tells rules which messages were one wire message. A server tool's result sits in the
    // assistant message but is a tool message here; it gets none, so it is not taken for a user turn of its own.
    const assistant = isRecord(element) && element.role === 'assistant';
    for (const draft of drafts) if (!(assistant && draft.role === 'tool')) draft.turn = i;
    pushAll(messages, drafts);
  });
  return body && typeof body.model === 'string' ? { messages, kind: 'request' } : { messages };
}

export const anthropic: FormatAdapter = {
  name: 'anthropic',
  label: 'Anthropic Messages',
  expects: EXPECTS,
  detect,
  read,
};

// Plain message dicts as LangChain accepts them as model input (`_convert_to_message`,
// `coerceMessageLikeToMessage`): `{"role" | "type": ..., "content": ...}`, `[role, content]` pairs, and
// LangGraph thread-state messages (the flat `data` part of a stored message). Reads OpenAI Chat
// request bodies too until an OpenAI adapter claims them.
import { isRecord } from '../../json/value';
import { expectedObject } from '../common/drafts';
import { isMessageType, readMessage } from '../common/messageFields';
import type { FormatAdapter, MessageDraft } from '../types';
import { readMessageList, scoreList, WRAPPERS, type Unreadable } from '../common/messageList';

const EXPECTS = `{"role" or "type": "user" | "assistant" | "human" | "ai" | ..., "content": ...} dicts (LangGraph thread state, OpenAI-style messages) ${WRAPPERS}`;

/** LangChain tries `role` first, then `type`. */
function typeOf(element: Record<string, unknown>): string | undefined {
  if (typeof element.role === 'string') return element.role;
  return typeof element.type === 'string' ? element.type : undefined;
}

function isPair(element: unknown[]): boolean {
  return element.length === 2 && typeof element[0] === 'string' && isMessageType(element[0]);
}

/**
 * `type`-keyed dicts are LangChain's own (100); `role`-keyed ones are the shape many APIs share (50),
 * so an adapter for a specific API can claim them by scoring higher.
 */
function score(element: unknown): number {
  if (Array.isArray(element)) return isPair(element) ? 50 : 0;
  if (!isRecord(element) || 'lc' in element || isRecord(element.data)) return 0;
  if (!('content' in element) && !Array.isArray(element.tool_calls)) return 0;
  const type = typeOf(element);
  if (type === undefined || !isMessageType(type)) return 0;
  return typeof element.role === 'string' ? 50 : 100;
}

function readDict(element: unknown, path: string): MessageDraft | Unreadable {
  if (Array.isArray(element) && isPair(element)) return readMessage(String(element[0]), { content: element[1] }, element, { path });
  if (!isRecord(element)) return { unreadable: expectedObject('`role` or `type` and `content`', element) };
  const type = typeOf(element);
  if (type === undefined) return { unreadable: 'expected a string `role` or `type`' };
  return readMessage(type, element, element, { path });
}

export const langchainDict: FormatAdapter = {
  name: 'langchain-dict',
  label: 'LangChain message dicts',
  expects: EXPECTS,
  detect: (input) => scoreList(input, score),
  read: (input) => ({ messages: readMessageList(input, readDict, EXPECTS) }),
};

// `messages_to_dict` (Python) and `toDict` / `mapChatMessagesToStoredMessages` (JS):
// `{"type": "ai", "data": {...}}`, chunk types included, plus JS's legacy `{type, role, text}`.
import { isRecord } from '../../json/value';
import { expectedObject } from '../common/drafts';
import { isMessageType, readMessage } from '../common/messageFields';
import type { FormatAdapter, MessageDraft } from '../types';
import { readMessageList, scoreList, WRAPPERS, type Unreadable } from '../common/messageList';

const EXPECTS = `{"type": "human" | "ai" | "tool" | ..., "data": {"content": ...}} objects (messages_to_dict / toDict) ${WRAPPERS}`;

function isStored(element: unknown): boolean {
  if (!isRecord(element) || typeof element.type !== 'string') return false;
  if (isRecord(element.data)) return true;
  return typeof element.text === 'string' && 'role' in element && isMessageType(element.type);
}

function readStored(element: unknown, path: string): MessageDraft | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`type` and `data`', element) };
  if (typeof element.type !== 'string') return { unreadable: 'expected a string `type` next to `data`' };
  if (isRecord(element.data)) return readMessage(element.type, element.data, element, { path });
  // StoredMessageV1, still accepted by JS mapStoredMessageToChatMessage.
  if (typeof element.text === 'string') return readMessage(element.type, { content: element.text, role: element.role }, element, { path });
  return { unreadable: 'expected `data` (an object) next to `type`' };
}

export const langchainStored: FormatAdapter = {
  name: 'langchain-stored',
  label: 'LangChain stored messages',
  expects: EXPECTS,
  detect: (input) => scoreList(input, (element) => (isStored(element) ? 100 : 0)),
  read: (input) => ({ messages: readMessageList(input, readStored, EXPECTS) }),
};

// What no request body carries, whatever the provider: a request sends the conversation, not the
// record of how it was produced.
import type { Message } from '../model';
import type { Lost } from '../providers/lost';

/** `keepsId`: the target writes this message's id (a Responses item read from a Responses history keeps its own). */
export function requestLosses(m: Message, lost: Lost, target: string, keepsId = false): void {
  if (m.role === 'other') {
    lost.add(m.index, `unreadable or unknown messages are left out${m.problem ? '' : ` (source type "${m.sourceType}")`}`);
    return;
  }
  if (m.id !== undefined && !keepsId) lost.add(m.index, `message ids have no place in ${target} request messages`);
  if (m.usage !== undefined) lost.add(m.index, 'token usage has no place in a request body');
  if (m.model !== undefined) lost.add(m.index, 'the model that wrote a message has no place in a request body');
  if (m.timestamp !== undefined) lost.add(m.index, 'timestamps have no place in a request body');
}

/** Whether the message holds text only, so its content can go out as one plain string. */
export const onlyText = (m: Message): boolean => m.content.every((b) => b.kind === 'text');

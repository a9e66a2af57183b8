import { firstEqual, hashOf } from '../idIndex';
import type { Finding, Message } from '../model';
import { at, atStart, messageRule, report, type MessageRule } from './rule';

export const duplicateMessageId: MessageRule<'duplicate-message-id'> = messageRule({
  id: 'duplicate-message-id',
  severity: 'warning',
  scope: 'neutral',
  perMessage({ messages }, findings: Finding[]) {
    // By position: the hash of each message's id, taken while the walk has the message at hand; the
    // ids are compared once every message is seen (firstEqual), which the last visit starts.
    const hashes = new Int32Array(messages.length);
    const withId = new Uint8Array(messages.length);
    let seen = 0;
    return (m) => {
      const k = seen++;
      if (m.id !== undefined && m.id !== '') {
        hashes[k] = hashOf(m.id);
        withId[k] = 1;
      }
      if (seen !== messages.length) return;
      for (const { at: later, first } of firstEqual(hashes, withId, (a, b) => messages[a]?.id === messages[b]?.id)) {
        const message = messages[later];
        const original = messages[first];
        if (message !== undefined && original !== undefined) findings.push(repeated(messages, message, original.index));
      }
    };
  },
});

function repeated(messages: readonly Message[], m: Message, first: number): Finding {
  return report(duplicateMessageId, messages, {
    messageIndex: m.index,
    related: [first],
    text: `${atStart(m.index)} has the id "${m.id}", which ${at(first)} already has.`,
    why: "LangGraph's add_messages reducer merges by id: a message whose id is already in the state replaces the earlier one in place, so one of the two is lost on the next state update.",
    fix: `Give ${at(m.index)} its own id (or drop the id and let add_messages assign one).`,
  });
}

import { IdIndex } from '../idIndex';
import type { Finding } from '../model';
import { at, atStart, messageRule, report, type MessageRule } from './rule';

export const duplicateMessageId: MessageRule = messageRule({
  id: 'duplicate-message-id',
  severity: 'warning',
  perMessage({ messages }, findings: Finding[]) {
    const ids = new IdIndex(messages.length);
    // By id number: the first message with that id.
    const firstWithId = new Int32Array(messages.length);
    return (m) => {
      if (m.id === undefined || m.id === '') return;
      const known = ids.size;
      const number = ids.add(m.id);
      if (number === known) {
        firstWithId[number] = m.index;
        return;
      }
      const first = firstWithId[number] ?? 0;
      findings.push(
        report(duplicateMessageId, messages, {
          messageIndex: m.index,
          related: [first],
          text: `${atStart(m.index)} has the id "${m.id}", which ${at(first)} already has.`,
          why: "LangGraph's add_messages reducer merges by id: a message whose id is already in the state replaces the earlier one in place, so one of the two is lost on the next state update.",
          fix: `Give ${at(m.index)} its own id (or drop the id and let add_messages assign one).`,
        }),
      );
    };
  },
});

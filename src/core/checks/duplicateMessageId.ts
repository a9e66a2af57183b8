import { IdIndex } from '../idIndex';
import type { Finding } from '../model';
import { at, atStart, report, type Rule } from './rule';

export const duplicateMessageId: Rule = {
  id: 'duplicate-message-id',
  severity: 'warning',
  check({ messages }) {
    const findings: Finding[] = [];
    const ids = new IdIndex(messages.length);
    // By id number: the first message with that id.
    const firstWithId = new Int32Array(messages.length);
    for (const m of messages) {
      if (m.id === undefined || m.id === '') continue;
      const known = ids.size;
      const number = ids.add(m.id);
      if (number === known) {
        firstWithId[number] = m.index;
        continue;
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
    }
    return findings;
  },
};

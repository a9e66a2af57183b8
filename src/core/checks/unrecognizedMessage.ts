import type { Finding } from '../model';
import { atStart, report, type Rule } from './rule';

export const unrecognizedMessage: Rule = {
  id: 'unrecognized-message',
  severity: 'warning',
  check({ messages }) {
    const findings: Finding[] = [];
    for (const m of messages) {
      if (m.problem === undefined) continue;
      const { path, line, column } = m.location;
      const where = line === undefined ? path : `${path}, line ${line}:${column ?? 1}`;
      findings.push(
        report(unrecognizedMessage, messages, {
          messageIndex: m.index,
          location: m.location,
          text: `${atStart(m.index)} (${where}) could not be read as a message: ${m.problem}`,
          why: 'It stays on the timeline with its raw JSON, but it is not linked or checked, so faults inside it go unreported.',
          fix: `Look at ${where} in the input: fix the element, or choose the matching format if another one fits the file.`,
        }),
      );
    }
    return findings;
  },
};

import type { Finding } from '../model';
import { atStart, messageRule, report, type MessageRule } from './rule';

export const unrecognizedMessage: MessageRule<'unrecognized-message'> = messageRule({
  id: 'unrecognized-message',
  severity: 'warning',
  scope: 'neutral',
  perMessage:
    ({ messages }, findings: Finding[]) =>
    (m) => {
      if (m.problem === undefined) return;
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
    },
});

import type { Finding } from '../model';
import { at, atStart, messageRule, report, type MessageRule } from './rule';

export const usageMismatch: MessageRule<'usage-mismatch'> = messageRule({
  id: 'usage-mismatch',
  severity: 'warning',
  scope: 'neutral',
  perMessage:
    ({ messages }, findings: Finding[]) =>
    (m) => {
      const u = m.usage;
      // A total the adapter computed itself always adds up; only a reported one can disagree. Some
      // sources count reasoning beside the output rather than inside it (xAI, and what is copied
      // from its usage): a total of input + output + reasoning adds up too.
      if (u === undefined || !u.totalReported || u.total === u.input + u.output) return;
      if (u.reasoning !== undefined && u.total === u.input + u.output + u.reasoning) return;
      const sum = u.input + u.output;
      findings.push(
        report(usageMismatch, messages, {
          messageIndex: m.index,
          text: `${atStart(m.index)} reports a total of ${u.total} tokens, but input ${u.input} + output ${u.output} = ${sum}.`,
          why: 'Token totals here add up the reported totals, so this message counts differently than its input and output suggest. It usually means the usage was edited, streamed chunks were merged wrongly, or the source counts tokens it does not break down.',
          fix: `Compare the usage of ${at(m.index)} with the provider's response; if input and output are right, the total should be ${sum}.`,
        }),
      );
    },
});

import { anthropicLayout, roleOfTurn } from '../providers/anthropic/requestLayout';
import type { Finding } from '../model';
import { ANTHROPIC_FIRST_USER, anthropicAlternate } from '../providers/anthropic/errors';
import { TARGET_LABELS } from '../providers/targets';
import { at, atStart, historyRule, report, type HistoryRule } from './rule';

// docs/FORMATS.md, "Anthropic Messages": the current API accepts both; a warning, never a rejection.
const OLDER = `Older ${TARGET_LABELS.anthropic} API versions, Amazon Bedrock and some proxies reject it:`;
const MERGED = `The current ${TARGET_LABELS.anthropic} API combines consecutive same-role turns into one. ${OLDER}`;

/**
 * Turns as the Anthropic export lays them out: system messages go to the top-level `system`. A lone
 * response is the model's turn, which never starts with the user: only a request or a history must.
 */
export const anthropicRoles: HistoryRule<'anthropic-roles'> = historyRule({
  id: 'anthropic-roles',
  severity: 'warning',
  scope: ['anthropic'],
  check({ messages, kind }) {
    const findings: Finding[] = [];
    const layout = anthropicLayout(messages);
    const { assistant, start, order } = layout;
    if (assistant[0] === 1 && kind !== 'response') {
      const index = order[0] ?? 0;
      findings.push(
        report(
          anthropicRoles,
          messages,
          {
            messageIndex: index,
            text: `${atStart(index)} is an AI message: the first Anthropic turn is not a user turn.`,
            why: 'Anthropic conversations start with the user; system messages do not count, they go to the top-level `system`.',
            fix: `Start the history with a human message before ${at(index)}, or drop the AI messages before the first human one.`,
          },
          { notes: [`${OLDER} ${ANTHROPIC_FIRST_USER}`] },
        ),
      );
    }
    for (let t = 1; t < assistant.length; t++) {
      if (assistant[t - 1] !== assistant[t]) continue;
      const first = start[t] ?? 0;
      const index = order[first] ?? 0;
      // The previous turn's last message is the one just before this turn's first.
      const last = order[first - 1] ?? 0;
      const role = roleOfTurn(layout, t);
      findings.push(
        report(
          anthropicRoles,
          messages,
          {
            messageIndex: index,
            related: [last],
            text: `${atStart(index)} starts a second ${role} turn in a row, after ${at(last)}.`,
            why: 'Anthropic turns alternate between user and assistant.',
            fix: `Merge ${at(index)} into ${at(last)}'s turn, or put the missing ${role === 'user' ? 'AI' : 'human'} message between them.`,
          },
          { notes: [`${MERGED} ${anthropicAlternate(role)}`] },
        ),
      );
    }
    return findings;
  },
});

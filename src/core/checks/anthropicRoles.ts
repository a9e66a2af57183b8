import { anthropicLayout } from '../convert/anthropicTurns';
import type { Finding } from '../model';
import { ANTHROPIC_FIRST_USER, anthropicAlternate, TARGET_LABELS } from './providerErrors';
import { at, atStart, report, type Rule } from './rule';

// formats.md: the current API accepts both; a warning, never a rejection.
const OLDER = `Older ${TARGET_LABELS.anthropic} API versions and some proxies reject it:`;
const MERGED = `The current ${TARGET_LABELS.anthropic} API combines consecutive same-role turns into one. ${OLDER}`;

/** Turns as the Anthropic export lays them out: system messages go to the top-level `system`. */
export const anthropicRoles: Rule = {
  id: 'anthropic-roles',
  severity: 'warning',
  check({ messages }) {
    const findings: Finding[] = [];
    const { turns } = anthropicLayout(messages);
    const first = turns[0];
    if (first?.role === 'assistant') {
      const index = first.messages[0] ?? 0;
      findings.push(
        report(anthropicRoles, messages, {
          messageIndex: index,
          text: `${atStart(index)} is an AI message, but the first Anthropic turn must be a user turn.`,
          why: 'Anthropic conversations start with the user; system messages do not count, they go to the top-level `system`.',
          notes: [`${OLDER} ${ANTHROPIC_FIRST_USER}`],
          fix: `Start the history with a human message before ${at(index)}, or drop the AI messages before the first human one.`,
        }),
      );
    }
    for (let t = 1; t < turns.length; t++) {
      const prev = turns[t - 1];
      const turn = turns[t];
      if (prev === undefined || turn === undefined || prev.role !== turn.role) continue;
      const index = turn.messages[0] ?? 0;
      const last = prev.messages[prev.messages.length - 1] ?? 0;
      findings.push(
        report(anthropicRoles, messages, {
          messageIndex: index,
          related: [last],
          text: `${atStart(index)} starts a second ${turn.role} turn in a row, after ${at(last)}.`,
          why: 'Anthropic turns alternate between user and assistant.',
          notes: [`${MERGED} ${anthropicAlternate(turn.role)}`],
          fix: `Merge ${at(index)} into ${at(last)}'s turn, or put the missing ${turn.role === 'user' ? 'AI' : 'human'} message between them.`,
        }),
      );
    }
    return findings;
  },
};

// Per target: would it accept this history as the next request? Every rule states who rejects its
// finding (Finding.rejectedBy) and who still needs something first (Finding.neededBy), so a verdict is
// those findings regrouped by target; past the first QUOTED_PER_RULE problems of a rule, folded into one (core/repeats).
import type { Finding, Message, Verdict, VerdictProblem } from '../model';
import { ProblemList } from '../repeats';
import { TARGET_LABELS, TARGETS } from './targets';

const problemOf = (f: Finding, error: string): VerdictProblem => ({
  rule: f.rule,
  error,
  messageIndices: [f.messageIndex, ...f.related],
  ids: f.toolCallId === undefined ? [] : [f.toolCallId],
  fix: f.fix,
});

/** What an accepting verdict's pending list asks of the next request, as the CLI and the page say it. */
export const pendingResults = (count: number): string => (count === 1 ? 'the result of the pending call' : `the results of ${count} pending calls`);

/** Why a verdict cannot judge, as the CLI and the page say it, naming the format the messages were read as. */
export const unjudgedReason = ({ unread, total }: { unread: number; total: number }, formatLabel: string): string =>
  `${unread} of ${total} ${total === 1 ? 'message was' : 'messages were'} not read as ${formatLabel}`;

/**
 * The counts a verdict carries when most messages were not read: no finding can be about what was not read,
 * so an "accepts" would only say that nothing was looked at.
 */
export function unjudgedOf(unread: number, total: number): { unread: number; total: number } | undefined {
  return unread * 2 > total ? { unread, total } : undefined;
}

export function computeVerdicts(findings: readonly Finding[], messages: readonly Message[] = []): Verdict[] {
  let unread = 0;
  for (const m of messages) if (m.problem !== undefined) unread++;
  const unjudged = unjudgedOf(unread, messages.length);
  const lists = new Map(TARGETS.map((target) => [target, { problems: new ProblemList(), pending: new ProblemList() }]));
  for (const f of findings) {
    for (const { target, error } of f.rejectedBy ?? []) lists.get(target)?.problems.add(problemOf(f, error));
    for (const { target, error } of f.neededBy ?? []) lists.get(target)?.pending.add(problemOf(f, error));
  }
  return TARGETS.map((target): Verdict => {
    const { problems, pending } = lists.get(target)!;
    return {
      target,
      label: TARGET_LABELS[target],
      accepted: problems.problems.length === 0,
      problems: problems.problems,
      ...(unjudged && { unjudged: { ...unjudged } }),
      ...(pending.problems.length > 0 && { pending: pending.problems }),
    };
  });
}

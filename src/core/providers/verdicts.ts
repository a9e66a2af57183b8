// Per target: would it accept this history as the next request? Every rule states who rejects its
// finding (Finding.rejectedBy) and who still needs something first (Finding.neededBy), so a verdict is
// those findings regrouped by target.
import type { Finding, ProviderTarget, Verdict, VerdictProblem } from '../model';
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

export function computeVerdicts(findings: readonly Finding[]): Verdict[] {
  const verdicts = new Map<ProviderTarget, Verdict>(TARGETS.map((target) => [target, { target, label: TARGET_LABELS[target], accepted: true, problems: [] }]));
  for (const f of findings) {
    for (const { target, error } of f.rejectedBy ?? []) {
      const verdict = verdicts.get(target);
      if (verdict === undefined) continue;
      verdict.accepted = false;
      verdict.problems.push(problemOf(f, error));
    }
    for (const { target, error } of f.neededBy ?? []) {
      const verdict = verdicts.get(target);
      if (verdict === undefined) continue;
      (verdict.pending ??= []).push(problemOf(f, error));
    }
  }
  return [...verdicts.values()];
}

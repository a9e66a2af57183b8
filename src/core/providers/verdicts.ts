// Per target: would it accept this history as the next request? Every rule states who rejects its
// finding (Finding.rejectedBy), so a verdict is those findings regrouped by target.
import type { Finding, ProviderTarget, Verdict } from '../model';
import { TARGET_LABELS, TARGETS } from './targets';

export function computeVerdicts(findings: readonly Finding[]): Verdict[] {
  const verdicts = new Map<ProviderTarget, Verdict>(TARGETS.map((target) => [target, { target, label: TARGET_LABELS[target], accepted: true, problems: [] }]));
  for (const f of findings) {
    for (const { target, error } of f.rejectedBy ?? []) {
      const verdict = verdicts.get(target);
      if (verdict === undefined) continue;
      verdict.accepted = false;
      verdict.problems.push({
        rule: f.rule,
        error,
        messageIndices: [f.messageIndex, ...f.related],
        ids: f.toolCallId === undefined ? [] : [f.toolCallId],
        fix: f.fix,
      });
    }
  }
  return [...verdicts.values()];
}

import type { Verdict } from '../core/model';
import type { Paint } from './formatHuman';

/** `#5 call_hz` for a problem: the message first, then the ids; the other messages it concerns are in the finding. */
function problemWhere(problem: Verdict['problems'][number]): string {
  const [first] = problem.messageIndices;
  return [first === undefined ? '' : `#${first}`, ...problem.ids].filter(Boolean).join(' ');
}

/**
 * One line per target, and under a rejected one the provider's error for each problem. Only an error's
 * first line is shown (LangGraph's runs to a paragraph); --json carries the whole text.
 */
export function verdictLines(verdicts: readonly Verdict[], paint: Paint): string[] {
  if (verdicts.length === 0) return [];
  const lines = ['', paint('bold', 'Would providers accept this as the next request?')];
  for (const verdict of verdicts) {
    if (verdict.accepted) {
      lines.push(`  ${paint('green', '✓')} ${verdict.label}: accepts`);
      continue;
    }
    lines.push(`  ${paint('red', '✗')} ${verdict.label}: rejects`);
    for (const problem of verdict.problems) {
      const firstLine = problem.error.split('\n', 1)[0] ?? '';
      lines.push(`      ${paint('bold', problemWhere(problem))}  ${firstLine}`);
    }
  }
  return lines;
}

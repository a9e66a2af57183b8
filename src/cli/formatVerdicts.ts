import type { Verdict, VerdictProblem } from '../core/model';
import { pendingResults, unjudgedReason } from '../core/providers/verdicts';
import type { Paint } from './formatHuman';

/** `#5 call_hz` for a problem: the message first, then the ids; the other messages it concerns are in the finding. */
function problemWhere(problem: VerdictProblem): string {
  const [first] = problem.messageIndices;
  return [first === undefined ? '' : `#${first}`, ...problem.ids].filter(Boolean).join(' ');
}

function problemLine(problem: VerdictProblem, paint: Paint, lead = ''): string {
  const firstLine = problem.error.split('\n', 1)[0] ?? '';
  return `      ${paint('bold', problemWhere(problem))}  ${lead}${firstLine}`;
}

/**
 * One line per target, and under a rejected one the provider's error for each problem. Only an error's
 * first line is shown (LangGraph's runs to a paragraph); --json carries the whole text. When most messages
 * were not read as `formatLabel`, no target is said to accept.
 */
export function verdictLines(verdicts: readonly Verdict[], paint: Paint, formatLabel: string): string[] {
  if (verdicts.length === 0) return [];
  const lines = ['', paint('bold', 'Would providers accept this as the next request?')];
  for (const verdict of verdicts) {
    const pending = verdict.pending ?? [];
    const unread = verdict.unjudged && unjudgedReason(verdict.unjudged, formatLabel);
    if (verdict.accepted && unread) {
      lines.push(`  ${paint('yellow', '?')} ${verdict.label}: cannot judge: ${unread}`);
    } else if (verdict.accepted) {
      const needs = pending.length === 0 ? '' : `, once the next request carries ${pendingResults(pending.length)}`;
      lines.push(`  ${paint('green', '✓')} ${verdict.label}: accepts${needs}`);
    } else {
      lines.push(`  ${paint('red', '✗')} ${verdict.label}: rejects${unread ? `, though ${unread}` : ''}`);
      for (const problem of verdict.problems) lines.push(problemLine(problem, paint));
    }
    for (const problem of pending) lines.push(problemLine(problem, paint, 'without its result: '));
  }
  return lines;
}

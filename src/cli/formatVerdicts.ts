import type { Verdict, VerdictProblem } from '../core/model';
import { pendingResults, unjudgedReason } from '../core/providers/verdicts';
import { problemCount } from '../core/repeats';
import type { Paint } from './formatHuman';

/** Ids a line names of a problem that folds many (core/repeats); --json has the first QUOTED_PER_RULE, the findings every one. */
const IDS_SHOWN = 3;

/**
 * `#5 call_hz` for a problem: the message first, then the ids; the other messages it concerns are in the finding.
 * A folded one says how many findings it stands for: `#1 call_20 call_21 call_22 … 9980 findings`.
 */
function problemWhere(problem: VerdictProblem): string {
  const [first] = problem.messageIndices;
  const folded = problem.count === undefined ? [] : [`… ${problem.count} findings`];
  return [first === undefined ? '' : `#${first}`, ...problem.ids.slice(0, problem.count === undefined ? undefined : IDS_SHOWN), ...folded]
    .filter(Boolean)
    .join(' ');
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
      const needs = pending.length === 0 ? '' : `, once the next request carries ${pendingResults(problemCount(pending))}`;
      lines.push(`  ${paint('green', '✓')} ${verdict.label}: accepts${needs}`);
    } else {
      lines.push(`  ${paint('red', '✗')} ${verdict.label}: rejects${unread ? `, though ${unread}` : ''}`);
      for (const problem of verdict.problems) lines.push(problemLine(problem, paint));
    }
    for (const problem of pending) lines.push(problemLine(problem, paint, 'without its result: '));
  }
  return lines;
}

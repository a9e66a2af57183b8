import type { Verdict } from '../../core/model';
import { pendingResults } from '../../core/providers/verdicts';
import { ShowMore, useShownInSteps } from '../components/ShowMore';
import { VerdictProblem } from './VerdictProblem';

/**
 * One target: ✓ it accepts the history as the next request, or ✗ and the reasons it refuses, a step at a
 * time. Accepted, it still lists what the next request must add (the results of pending calls).
 */
export function VerdictCard({ verdict }: { verdict: Verdict }) {
  const { accepted } = verdict;
  const pending = verdict.pending ?? [];
  const problems = accepted ? pending : verdict.problems;
  const status = accepted ? 'accepts' : 'rejects';
  const needs = pendingResults(pending.length);
  const { shown, showMore } = useShownInSteps();
  return (
    <section
      className={`verdict ${accepted ? 'accepted' : 'rejected'}`}
      data-testid="verdict"
      data-target={verdict.target}
      data-accepted={String(accepted)}
      data-pending={pending.length}
      aria-label={`${verdict.label}: ${status}${accepted && pending.length > 0 ? `, once the next request carries ${needs}` : ''}`}
    >
      <h3 className="verdict-head">
        <span className="verdict-mark" aria-hidden="true">
          {accepted ? '✓' : '✗'}
        </span>
        <span className="verdict-label">{verdict.label}</span>
        <span className="verdict-status">{status}</span>
      </h3>
      {problems.length > 0 && (
        <>
          {accepted && <p className="verdict-needs">The next request must carry {needs}; without it, the answer is:</p>}
          <ol className="verdict-problems">
            {problems.slice(0, shown).map((problem, i) => (
              <VerdictProblem key={i} problem={problem} />
            ))}
          </ol>
          <ShowMore shown={Math.min(shown, problems.length)} total={problems.length} onMore={showMore} />
        </>
      )}
    </section>
  );
}

import type { Verdict } from '../../core/model';
import { pendingResults, unjudgedReason } from '../../core/providers/verdicts';
import { problemCount } from '../../core/repeats';
import { ShowMore, useShownInSteps } from '../components/ShowMore';
import { VerdictProblem } from './VerdictProblem';

/**
 * One target: ✓ it accepts the history as the next request, or ✗ and the reasons it refuses, a step at a
 * time. Accepted, it still lists what the next request must add (the results of pending calls). When most
 * messages were not read as `formatLabel`, it does not say it accepts: nothing was looked at.
 */
export function VerdictCard({ verdict, formatLabel }: { verdict: Verdict; formatLabel: string }) {
  const { accepted } = verdict;
  const pending = verdict.pending ?? [];
  const problems = accepted ? pending : verdict.problems;
  const unread = verdict.unjudged && unjudgedReason(verdict.unjudged, formatLabel);
  const cannotJudge = accepted && unread !== undefined;
  const status = cannotJudge ? 'cannot judge' : accepted ? 'accepts' : 'rejects';
  const pendingCount = problemCount(pending);
  const needs = pendingResults(pendingCount);
  const { shown, showMore } = useShownInSteps();
  return (
    <section
      className={`verdict ${cannotJudge ? 'unjudged' : accepted ? 'accepted' : 'rejected'}`}
      data-testid="verdict"
      data-target={verdict.target}
      data-accepted={String(accepted)}
      data-unjudged={unread !== undefined || undefined}
      data-pending={pendingCount}
      aria-label={`${verdict.label}: ${status}${accepted && !cannotJudge && pendingCount > 0 ? `, once the next request carries ${needs}` : ''}`}
    >
      <h3 className="verdict-head">
        <span className="verdict-mark" aria-hidden="true">
          {cannotJudge ? '?' : accepted ? '✓' : '✗'}
        </span>
        <span className="verdict-label">{verdict.label}</span>
        <span className="verdict-status">{status}</span>
      </h3>
      {unread !== undefined && (
        <p className="verdict-unjudged" data-testid="verdict-unjudged">
          {unread}: what was not read is not checked. Choose the format that fits the file in <em>Read as</em>.
        </p>
      )}
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

import type { Verdict } from '../../core/model';
import { ShowMore, useShownInSteps } from '../components/ShowMore';
import { VerdictProblem } from './VerdictProblem';

/** One target: ✓ it accepts the history as the next request, or ✗ and the reasons it refuses, a step at a time. */
export function VerdictCard({ verdict }: { verdict: Verdict }) {
  const { accepted, problems } = verdict;
  const { shown, showMore } = useShownInSteps();
  return (
    <section
      className={`verdict ${accepted ? 'accepted' : 'rejected'}`}
      data-testid="verdict"
      data-target={verdict.target}
      data-accepted={String(accepted)}
      aria-label={`${verdict.label}: ${accepted ? 'accepts' : 'rejects'}`}
    >
      <h3 className="verdict-head">
        <span className="verdict-mark" aria-hidden="true">
          {accepted ? '✓' : '✗'}
        </span>
        <span className="verdict-label">{verdict.label}</span>
        <span className="verdict-status">{accepted ? 'accepts' : 'rejects'}</span>
      </h3>
      {!accepted && (
        <>
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

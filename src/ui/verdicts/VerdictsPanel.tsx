import type { Verdict } from '../../core/model';
import { VerdictCard } from './VerdictCard';

/** Per provider or framework: would it accept this history as the next request, and if not, what it answers. */
export function VerdictsPanel({ verdicts, formatLabel }: { verdicts: readonly Verdict[]; formatLabel: string }) {
  return (
    <div className="verdicts" data-testid="verdicts">
      <p className="verdicts-intro">Would each of these accept this history as its next request?</p>
      <ul className="verdict-list">
        {verdicts.map((verdict) => (
          <li key={verdict.target}>
            <VerdictCard verdict={verdict} formatLabel={formatLabel} />
          </li>
        ))}
      </ul>
    </div>
  );
}

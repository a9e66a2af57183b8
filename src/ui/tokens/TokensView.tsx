import { ContextComposition } from './ContextComposition';
import { CostSummary } from './CostSummary';

/** The run's tokens and cost: totals by model, role and tool, the context-growth chart, what each turn's context held. */
export default function TokensView() {
  return (
    <div className="tokens-view" data-testid="tokens-view">
      <CostSummary />
      <ContextComposition />
    </div>
  );
}

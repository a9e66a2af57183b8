import { useEffect } from 'react';
import { useStore } from '../../store/store';
import { ErrorBoundary } from '../ErrorBoundary';
import { ContextComposition } from './ContextComposition';
import { CostSummary } from './CostSummary';
import { TokenTables } from './TokenTables';
import { loadChart, useChartModule } from './useChartModule';
import { useTokenStats } from './useTokenStats';
import type { TokenStats } from '../../core/analytics/tokenStats';
import './tokens.css';

function ChartFailed({ reason }: { reason: string }) {
  return (
    <p className="panel-empty" role="alert" data-testid="context-chart-error">
      Could not draw the chart: {reason}
    </p>
  );
}

function Chart({ growth }: { growth: TokenStats['growth'] }) {
  const chart = useChartModule();
  if (chart.status === 'loading') return <p className="view-loading">Loading the chart…</p>;
  if (chart.status === 'error') return <ChartFailed reason={chart.message} />;
  return <chart.module.default growth={growth} />;
}

function ContextGrowthSection({ stats }: { stats: TokenStats }) {
  const points = stats.growth.index.length;
  return (
    <section className="tokens-section" aria-labelledby="context-growth-title">
      <h2 id="context-growth-title" className="tokens-title">
        Context growth
      </h2>
      {points === 0 ? (
        <p className="tokens-empty" data-testid="context-chart-empty">
          {stats.run.reported
            ? 'No usage reported by any AI turn: there is no context size to draw.'
            : 'No usage reported: no message of this history says how many tokens it used, so there is no context size to draw.'}
        </p>
      ) : (
        <ErrorBoundary fallback={(error) => <ChartFailed reason={error.message} />}>
          <Chart growth={stats.growth} />
        </ErrorBoundary>
      )}
    </section>
  );
}

/** The run's tokens and cost: totals by model, role and tool, the context-growth chart, what each turn's context held. */
export default function TokensView() {
  const fetched = useTokenStats();
  const hasUsage = useStore((s) => (s.view?.tokens.totals.messagesWithUsage ?? 0) > 0);
  // uPlot and its stylesheet come with the chart: only a run with usage needs them. Such a run starts loading
  // them when the view opens, while the worker totals the tokens, rather than once the totals are in.
  useEffect(() => {
    if (hasUsage) loadChart().catch(() => undefined);
  }, [hasUsage]);
  return (
    <div className="tokens-view" data-testid="tokens-view" data-state={fetched.status}>
      <CostSummary />
      {fetched.status === 'loading' && <p className="view-loading">Totalling the tokens…</p>}
      {fetched.status === 'error' && (
        <p className="panel-empty" role="alert" data-testid="tokens-error">
          Could not total the tokens: {fetched.message}
        </p>
      )}
      {fetched.status === 'ready' && (
        <>
          <ContextGrowthSection stats={fetched.stats} />
          <section className="tokens-section" aria-labelledby="token-totals-title">
            <h2 id="token-totals-title" className="tokens-title">
              Totals
            </h2>
            <TokenTables stats={fetched.stats} />
          </section>
        </>
      )}
      <ContextComposition />
    </div>
  );
}

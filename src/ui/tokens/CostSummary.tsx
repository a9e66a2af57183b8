import type { ModelCost, RunCost } from '../../core/cost';
import { formatUsd } from '../../core/cost';
import { formatCount } from '../text/format';
import { useCost } from './useCost';
import './cost.css';

/** How the total came about: the file's own figure, or an estimate from which price data of when. */
function source(cost: RunCost): string {
  if (cost.runReported) return 'reported by the history for the whole run';
  if (!cost.estimated) return 'reported by the history';
  // The badge beside says *estimated*: this says from what.
  const data = `${cost.priceData ?? 'the'} price data${cost.priceDate === undefined ? '' : ` of ${cost.priceDate}`}`;
  return cost.byModel.some((m) => m.reported > 0) ? `partly reported, partly from ${data}` : `from ${data}`;
}

function how(m: ModelCost): string {
  if (m.usd === undefined) return 'no price known';
  if (!m.estimated) return 'reported';
  return m.reported > 0 ? 'partly estimated' : 'estimated';
}

function ModelTable({ byModel }: { byModel: ModelCost[] }) {
  return (
    <div className="tokens-table-scroll">
      <table className="tokens-table cost-table" data-testid="cost-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" className="num">
              Messages
            </th>
            <th scope="col" className="num">
              Cost
            </th>
            <th scope="col">How</th>
            <th scope="col">Priced as</th>
          </tr>
        </thead>
        <tbody>
          {byModel.map((m) => (
            <tr
              key={m.model}
              data-testid="cost-model-row"
              data-model={m.model}
              data-usd={m.usd}
              data-estimated={m.usd === undefined ? undefined : String(m.estimated)}
            >
              <th scope="row" className="mono">
                {m.model}
              </th>
              <td className="num">{formatCount(m.messages)}</td>
              <td className="num">{m.usd === undefined ? '–' : formatUsd(m.usd)}</td>
              <td>
                {how(m)}
                {m.usd !== undefined && m.unpriced > 0 && <span className="muted"> ({formatCount(m.unpriced)} not priced)</span>}
              </td>
              <td className="muted">{m.pricedAs ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CostBody({ cost }: { cost: RunCost }) {
  const unpriced = cost.unpriced;
  return (
    <>
      {cost.usd === undefined ? (
        <p className="tokens-empty" data-testid="cost-none">
          {unpriced.length > 0
            ? 'Unknown: no price is known for the models of this history, and it reports no cost.'
            : 'No usage reported: this history reports neither cost nor tokens to price.'}
        </p>
      ) : (
        <p className="cost-total" data-testid="cost-total" data-usd={cost.usd} data-estimated={String(cost.estimated)}>
          <strong className="cost-usd">{formatUsd(cost.usd)}</strong>
          {cost.estimated && <span className="cost-badge">estimated</span>}
          <span className="muted">{source(cost)}</span>
        </p>
      )}
      {unpriced.length > 0 && (
        <p className="cost-unpriced" data-testid="cost-unpriced" data-models={unpriced.join(' ')}>
          {cost.usd !== undefined && !cost.runReported ? 'Not counted in the total, no price known for' : 'No price known for'}{' '}
          {unpriced.map((model, i) => (
            <span key={model}>
              {i > 0 && ', '}
              <code>{model}</code>
            </span>
          ))}
          .
        </p>
      )}
      {cost.estimated && (
        <p className="tokens-note muted">
          Estimated from the usage each message reports, at list prices: cache writes at the five-minute rate, and no tool fees (web searches…), batch or
          regional rates.
        </p>
      )}
      {cost.byModel.length > 0 && <ModelTable byModel={cost.byModel} />}
    </>
  );
}

/** The run's cost: what the history reports, else an estimate labelled with its price data's date; models without a price named. */
export function CostSummary() {
  const fetched = useCost();
  return (
    <section className="tokens-section cost-summary" aria-labelledby="cost-title" data-testid="cost-summary" data-state={fetched.status}>
      <h2 id="cost-title" className="tokens-title">
        Cost
      </h2>
      {fetched.status === 'loading' && <p className="view-loading">Pricing the run…</p>}
      {fetched.status === 'error' && (
        <p className="panel-empty" role="alert" data-testid="cost-error">
          Could not price the run: {fetched.message}
        </p>
      )}
      {fetched.status === 'ready' && <CostBody cost={fetched.cost} />}
    </section>
  );
}

import { useMemo } from 'react';
import type { ToolSummary as ToolLine } from '../../core/analytics/toolCalls';
import { ShowMore, useShownInSteps } from '../components/ShowMore';
import { formatCount } from '../text/format';
import { errorRate, formatRate, formatSize, sortedSummary, type SummaryColumn, type SummarySort } from './toolRows';

const COLUMNS: { id: SummaryColumn; label: string; title: string }[] = [
  { id: 'name', label: 'Tool', title: 'The tool name the calls give' },
  { id: 'calls', label: 'Calls', title: 'Calls issued, valid or not' },
  { id: 'errors', label: 'Errors', title: 'Calls whose result reports an error, and invalid calls' },
  { id: 'rate', label: 'Error rate', title: 'Errors among the calls' },
  { id: 'total', label: 'Results', title: 'Characters of all its results' },
  { id: 'largest', label: 'Largest', title: 'Characters of its largest result' },
];

interface Props {
  summary: readonly ToolLine[];
  /** The tool the table is filtered to (its index), if any. */
  active: number | null;
  onPick: (tool: number) => void;
  sort: SummarySort;
  onSort: (sort: SummarySort) => void;
}

/** One line a tool above the table: which failed most comes first; clicking a line filters the table to that tool. */
export function ToolSummary({ summary, active, onPick, sort, onSort: setSort }: Props) {
  const order = useMemo(() => sortedSummary(summary, sort), [summary, sort]);
  const { shown, showMore } = useShownInSteps();
  return (
    <section className="tool-summary" aria-label="Tools">
      <div className="tool-summary-table" role="table" aria-label="Calls per tool" data-testid="tool-summary" data-tool-count={summary.length}>
        <div className="tool-summary-row head" role="row">
          {COLUMNS.map((c) => {
            const on = sort.column === c.id;
            return (
              <span
                key={c.id}
                role="columnheader"
                className={`tool-summary-cell col-${c.id}`}
                aria-sort={on ? (sort.desc ? 'descending' : 'ascending') : 'none'}
              >
                <button
                  type="button"
                  className="sort-button"
                  title={c.title}
                  data-column={c.id}
                  onClick={() => setSort(on ? { column: c.id, desc: !sort.desc } : { column: c.id, desc: c.id !== 'name' })}
                >
                  {c.label}
                  <span className="sort-mark" aria-hidden="true">
                    {on ? (sort.desc ? '▼' : '▲') : ''}
                  </span>
                </button>
              </span>
            );
          })}
        </div>
        {order.slice(0, shown).map((i) => {
          const s = summary[i]!;
          const rate = errorRate(s);
          return (
            <div
              key={i}
              role="row"
              tabIndex={0}
              className={`tool-summary-row${active === i ? ' on' : ''}${s.errors > 0 ? ' failed' : ''}`}
              aria-current={active === i || undefined}
              data-testid="tool-summary-row"
              data-tool-name={s.name}
              data-calls={s.calls}
              data-errors={s.errors}
              title={active === i ? 'Show every tool' : `Show only the ${s.name || 'unnamed'} calls`}
              onClick={() => onPick(i)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                onPick(i);
              }}
            >
              <span role="cell" className="tool-summary-cell col-name mono">
                {s.name || <span className="muted">(unnamed)</span>}
              </span>
              <span role="cell" className="tool-summary-cell col-calls">
                {formatCount(s.calls)}
                {s.unknownResults > 0 && (
                  <span className="muted" title={`${formatCount(s.unknownResults)} results of this name answer no call`}>
                    {' '}
                    +{formatCount(s.unknownResults)}
                  </span>
                )}
              </span>
              <span role="cell" className={`tool-summary-cell col-errors${s.errors > 0 ? ' bad' : ''}`}>
                {formatCount(s.errors)}
              </span>
              <span role="cell" className="tool-summary-cell col-rate">
                <span className="rate-bar" aria-hidden="true">
                  <span style={{ width: `${Number.isNaN(rate) ? 0 : Math.round(rate * 100)}%` }} />
                </span>
                {formatRate(rate)}
              </span>
              <span role="cell" className="tool-summary-cell col-total" title={`${formatCount(s.resultChars)} characters in ${formatCount(s.results)} results`}>
                {s.results > 0 ? formatSize(s.resultChars) : '—'}
              </span>
              <span role="cell" className="tool-summary-cell col-largest" title={`${formatCount(s.largestResult)} characters`}>
                {s.results > 0 ? formatSize(s.largestResult) : '—'}
              </span>
            </div>
          );
        })}
      </div>
      <ShowMore shown={shown} total={summary.length} onMore={showMore} />
    </section>
  );
}

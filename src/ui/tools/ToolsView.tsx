import { useDeferredValue, useMemo } from 'react';
import { TOOL_CALL_STATUSES, type ToolCallTable } from '../../core/analytics/toolCalls';
import { useStore } from '../../store/store';
import { formatCount, plural } from '../text/format';
import { ToolCallsTable } from './ToolCallsTable';
import { ToolSummary } from './ToolSummary';
import { statusCounts, visibleToolRows } from './toolRows';
import { useToolsViewState } from './toolsViewState';
import { useToolCallTable } from './useToolCallTable';
import './tools.css';

/** The Tools view: one line a tool, then one row a tool call; the worker builds both once per conversation. */
export default function ToolsView() {
  const version = useStore((s) => s.transcriptVersion);
  const fetched = useToolCallTable();
  if (!fetched) return <p className="view-loading">Listing the tool calls…</p>;
  if ('error' in fetched) {
    return (
      <p className="panel-failed" role="alert">
        Could not list the tool calls: {fetched.error}
      </p>
    );
  }
  // A new history starts with no filter: the old one's tool may not be in it.
  return <ToolsPanel key={version} table={fetched.table} />;
}

function ToolsPanel({ table }: { table: ToolCallTable }) {
  const [{ tool, status, text, sort, summarySort }, update] = useToolsViewState(table);
  // Typing stays responsive on 50,000 rows: the filter runs after the keystroke is drawn.
  const query = useDeferredValue(text);
  const rows = useMemo(() => visibleToolRows(table, { tool, status, text: query }, sort), [table, tool, status, query, sort]);
  const counts = useMemo(() => statusCounts(table, tool), [table, tool]);
  const strays = table.summary.reduce((n, s) => n + s.unknownResults, 0);
  return (
    <div className="tools-view">
      {table.count === 0 ? (
        <p className="tools-empty">No tool calls in this conversation.</p>
      ) : (
        <ToolSummary
          summary={table.summary}
          active={tool}
          onPick={(t) => update({ tool: tool === t ? null : t })}
          sort={summarySort}
          onSort={(s) => update({ summarySort: s })}
        />
      )}
      <div className="tools-toolbar">
        <div className="tool-status-filter" role="group" aria-label="Status" data-testid="tool-status-filter">
          <button
            type="button"
            className={`tool-status-choice${status === null ? ' on' : ''}`}
            aria-pressed={status === null}
            onClick={() => update({ status: null })}
          >
            All <span className="tool-status-count">{formatCount(Object.values(counts).reduce((a, b) => a + b, 0))}</span>
          </button>
          {TOOL_CALL_STATUSES.filter((s) => counts[s] > 0 || s === status).map((s) => (
            <button
              key={s}
              type="button"
              className={`tool-status-choice toolstatus-${s}${status === s ? ' on' : ''}`}
              aria-pressed={status === s}
              data-status={s}
              onClick={() => update({ status: status === s ? null : s })}
            >
              {s} <span className="tool-status-count">{formatCount(counts[s])}</span>
            </button>
          ))}
        </div>
        {tool !== null && (
          <button
            type="button"
            className="tool-filter-chip"
            data-testid="tool-filter"
            data-tool-name={table.tools[tool]}
            onClick={() => update({ tool: null })}
            title="Show every tool"
          >
            {table.tools[tool] || '(unnamed)'} <span aria-hidden="true">×</span>
          </button>
        )}
        <input
          className="tools-filter"
          type="search"
          placeholder="Filter: tool, id, arguments"
          aria-label="Filter tool calls"
          data-testid="tools-filter"
          value={text}
          onChange={(event) => update({ text: event.target.value })}
        />
        <span className="tools-shown muted" data-testid="tools-shown">
          {rows.length === table.count
            ? `${plural(table.count - strays, 'call')}${strays > 0 ? ` · ${plural(strays, 'result nobody called', 'results nobody called')}` : ''}`
            : `${formatCount(rows.length)} of ${formatCount(table.count)}`}
        </span>
      </div>
      <ToolCallsTable table={table} rows={rows} sort={sort} onSort={(s) => update({ sort: s })} />
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { TOOL_CALL_FLAGS, TOOL_CALL_STATUSES, type ToolCallTable } from '../../core/analytics/toolCalls';
import type { Selection } from '../../store/selectionSlice';
import { useStore } from '../../store/store';
import { formatCount } from '../text/format';
import { formatDuration } from '../text/time';
import { formatSize, type ToolColumn, type ToolSort } from './toolRows';

/** Fixed: every row is one line, so the virtualizer needs no measuring. */
const ROW_HEIGHT = 30;
const HEAD_HEIGHT = 30;

const COLUMNS: { id: ToolColumn; label: string; title: string }[] = [
  { id: 'id', label: 'Call id', title: 'The id that links the call to its result; "at …" where the input gave none' },
  { id: 'tool', label: 'Tool', title: 'Tool name' },
  { id: 'args', label: 'Arguments', title: 'The arguments, on one line' },
  { id: 'issued', label: 'Issued', title: 'The message that issued the call' },
  { id: 'answered', label: 'Answered', title: 'The message with its (first) result' },
  { id: 'status', label: 'Status', title: 'ok, error, orphan, pending, unknown-result or invalid (docs/RULES.md)' },
  { id: 'size', label: 'Result', title: 'Characters of the result' },
  { id: 'duration', label: 'Time', title: 'Result time minus call time, where the history gives both' },
];

/** Sizes and times are most often looked at largest first. */
const FIRST_DESCENDING: ReadonlySet<ToolColumn> = new Set(['size', 'duration']);

interface Props {
  table: ToolCallTable;
  /** The rows to show, in order. */
  rows: Int32Array;
  sort: ToolSort;
  onSort: (sort: ToolSort) => void;
}

/** Whether row `i` is what is selected: its call or its result, with its link when the selection names one. */
function isSelected(t: ToolCallTable, i: number, selection: Selection | null): boolean {
  if (!selection) return false;
  const { index, toolCallId } = selection;
  if (index !== t.callMessage[i] && index !== t.resultMessage[i]) return false;
  return toolCallId === undefined || toolCallId === t.ids[i];
}

/** The calls, virtualized: only the rows in view are in the DOM. */
export function ToolCallsTable({ table, rows, sort, onSort }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const selection = useStore((s) => s.selection);
  const select = useStore((s) => s.select);
  // No React Compiler here: the virtualizer draws this component again as it scrolls, which is what it is for.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEAD_HEIGHT,
    scrollPaddingStart: HEAD_HEIGHT,
    overscan: 8,
  });

  // A message selected elsewhere (the timeline, a finding) brings its call into view here.
  useEffect(() => {
    if (!selection) return;
    let at = -1;
    for (let k = 0; k < rows.length; k++) {
      if (isSelected(table, rows[k]!, selection)) {
        at = k;
        break;
      }
    }
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [selection, rows, table, virtualizer]);

  return (
    <div className="tools-table" role="table" aria-label="Tool calls" aria-rowcount={rows.length + 1} data-testid="tools-table" data-row-count={rows.length}>
      <div className="tools-scroll" ref={scrollRef}>
        <div role="rowgroup" className="tools-body" style={{ height: virtualizer.getTotalSize() }}>
          <div className="tools-row head" role="row" aria-rowindex={1} style={{ height: HEAD_HEIGHT }}>
            {COLUMNS.map((c) => {
              const on = sort.column === c.id;
              return (
                <span
                  key={c.id}
                  role="columnheader"
                  className={`tools-cell col-${c.id}`}
                  aria-sort={on ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                  data-testid="tools-column-header"
                  data-column={c.id}
                >
                  <button
                    type="button"
                    className="sort-button"
                    title={c.title}
                    onClick={() => onSort(on ? { column: c.id, desc: !sort.desc } : { column: c.id, desc: FIRST_DESCENDING.has(c.id) })}
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
          {virtualizer.getVirtualItems().map((item) => {
            const i = rows[item.index]!;
            return (
              <ToolCallRow key={i} table={table} row={i} position={item.index} top={item.start} selected={isSelected(table, i, selection)} onSelect={select} />
            );
          })}
          {rows.length === 0 && (
            <p className="tools-none" style={{ top: HEAD_HEIGHT }}>
              {table.count === 0 ? 'No tool calls.' : 'No call matches the filters.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  table: ToolCallTable;
  row: number;
  /** Its place among the rows shown. */
  position: number;
  top: number;
  selected: boolean;
  /** The store's `select`: one subscription for the table, not one a row. */
  onSelect: (selection: Selection) => void;
}

const ToolCallRow = memo(function ToolCallRow({ table: t, row: i, position, top, selected, onSelect: select }: RowProps) {
  const status = TOOL_CALL_STATUSES[t.status[i]!]!;
  const flags = t.flags[i]!;
  const id = t.ids[i]!;
  const madeUp = t.madeUp[i]!;
  const name = t.tools[t.tool[i]!]!;
  const issued = t.callMessage[i]!;
  const answered = t.resultMessage[i]!;
  const results = t.results[i]!;
  const chars = t.resultChars[i]!;
  const link = id === '' ? {} : { toolCallId: id };
  const pick = (index: number) => (event: MouseEvent) => {
    // The row's own click selects the call; a cell's replaces it.
    event.stopPropagation();
    select({ index, ...link });
  };
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      aria-current={selected || undefined}
      className={`tools-row toolstatus-${status}${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      data-testid="tool-call-row"
      data-tool-call-id={id || undefined}
      data-tool-name={name}
      data-status={status}
      data-selected={selected || undefined}
      onClick={() => select({ index: issued >= 0 ? issued : answered, ...link })}
    >
      <span role="cell" className="tools-cell col-id mono" title={madeUp ? `The input gave this call no id; it is at ${madeUp}` : id}>
        {madeUp ? <span className="made-up">at {madeUp}</span> : id || <span className="muted">(none)</span>}
      </span>
      <span role="cell" className="tools-cell col-tool mono" title={name}>
        {name || <span className="muted">(unnamed)</span>}
      </span>
      <span role="cell" className="tools-cell col-args mono" title={t.args[i]}>
        {(flags & TOOL_CALL_FLAGS.argsInvalid) !== 0 && <span className="args-invalid">invalid</span>}
        <span className="args-text">{t.args[i]}</span>
      </span>
      <span role="cell" className="tools-cell col-issued">
        {issued >= 0 ? (
          <button
            type="button"
            className="message-link"
            data-testid="tool-call-issued"
            data-index={issued}
            onClick={pick(issued)}
            title={`Select message #${issued}, the call`}
          >
            #{issued}
          </button>
        ) : (
          <span className="muted" title="No call asked for this result">
            —
          </span>
        )}
      </span>
      <span role="cell" className="tools-cell col-answered">
        {answered >= 0 ? (
          <>
            <button
              type="button"
              className="message-link"
              data-testid="tool-call-answered"
              data-index={answered}
              onClick={pick(answered)}
              title={`Select message #${answered}, the result${(flags & TOOL_CALL_FLAGS.resultBeforeCall) !== 0 ? ' (it comes before the call)' : ''}`}
            >
              #{answered}
            </button>
            {(flags & TOOL_CALL_FLAGS.resultBeforeCall) !== 0 && (
              <span className="answer-note bad" title="The result comes before its call">
                ↑
              </span>
            )}
            {results > 1 && (
              <span className="answer-note bad" title={`Answered ${formatCount(results)} times`}>
                ×{formatCount(results)}
              </span>
            )}
          </>
        ) : (flags & TOOL_CALL_FLAGS.answeredInside) !== 0 ? (
          <span className="muted" title="Answered inside a server tool's run: no result of its own">
            inside
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </span>
      <span role="cell" className="tools-cell col-status">
        <span className={`tool-status toolstatus-${status}`}>{status}</span>
        {(flags & TOOL_CALL_FLAGS.issuedTwice) !== 0 && (
          <span className="answer-note bad" title="This id is issued by more than one call">
            dup
          </span>
        )}
      </span>
      <span role="cell" className="tools-cell col-size" title={chars >= 0 ? `${formatCount(chars)} characters` : undefined}>
        {formatSize(chars)}
      </span>
      <span role="cell" className="tools-cell col-duration">
        {formatDuration(t.durationMs[i]!, '')}
      </span>
    </div>
  );
});

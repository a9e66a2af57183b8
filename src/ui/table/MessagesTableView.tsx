import { useTable, type ColumnVisibilityState, type Header, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useStore } from '../../store/store';
import { indexOf } from '../../store/transcriptIndex';
import { isTableColumn, latencies, TABLE_COLUMNS } from '../../protocol/messagesTable';
import type { TranscriptView } from '../../protocol/workerApi';
import { useMessageOrder } from '../keyboard/messageOrder';
import { useCardPrefetch } from '../timeline/useCardPrefetch';
import { COLUMNS, features, LAYOUT, type Features, type TableRowData } from './columns';
import { loadVisibility, saveVisibility, type ColumnVisibility } from './columnVisibility';
import { rememberedTable, rememberTable } from './rememberedState';
import { TableDataContext, type TableData } from './tableContext';
import { TableRow } from './TableRow';
import { TableToolbar } from './TableToolbar';
import { useTableRows } from './useTableRows';
import { useTokenEstimates } from '../tokens/useTokenEstimates';

/** Fixed: every row is one line, so the virtualizer measures nothing and 100,000 rows cost one multiplication. */
const ROW_HEIGHT = 28;
/** The sticky header's height (table.css says the same). */
const HEADER_HEIGHT = 30;
const OVERSCAN = 12;

const rowId = (row: TableRowData): string => String(row.index);

/** What the store's visibility is from what react-table hands back: every column named, anything else dropped. */
function visibilityOf(state: ColumnVisibilityState, before: ColumnVisibility): ColumnVisibility {
  const next = { ...before };
  for (const column of TABLE_COLUMNS) if (typeof state[column] === 'boolean') next[column] = state[column];
  return next;
}

/** The Messages table: one row a message, sorted and filtered in the worker, only the rows in view in the DOM. */
export default function MessagesTableView() {
  const view = useStore((s) => s.view);
  const version = useStore((s) => s.transcriptVersion);
  if (!view) return null;
  return <MessagesTable key={version} view={view} />;
}

function MessagesTable({ view }: { view: TranscriptView }) {
  const session = useStore((s) => s.session);
  const search = useStore((s) => s.search);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  const facets = useStore((s) => s.facets);
  const selected = useStore((s) => s.selection?.index);
  const select = useStore((s) => s.select);
  const scrollRequest = useStore((s) => s.scrollRequest);
  const scrollDone = useStore((s) => s.scrollDone);

  const [sorting, setSorting] = useState(() => rememberedTable().sorting);
  const [onlyFindings, setOnlyFindings] = useState(() => rememberedTable().onlyFindings);
  useEffect(() => rememberTable({ sorting, onlyFindings }), [sorting, onlyFindings]);
  const [visibility, setVisibility] = useState(loadVisibility);
  const changeVisibility = (updater: Updater<ColumnVisibilityState>): void => {
    const next = visibilityOf(typeof updater === 'function' ? updater(visibility) : updater, visibility);
    setVisibility(next);
    saveVisibility(next);
  };

  const sort = useMemo(() => sorting.flatMap(({ id, desc }) => (isTableColumn(id) ? [{ column: id, desc }] : [])), [sorting]);
  const { rows, busy, error } = useTableRows(view, session, { sort, text: search, hiddenRoles, onlyFindings, facets });
  // j, k and the arrows step through the rows in the order shown, with or without the focus here (keyboard/useShortcuts.ts).
  useMessageOrder(rows);

  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // No React Compiler here: the virtualizer draws this component again as it scrolls, which is what it is for.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    // The body starts under the sticky header: rows are placed from there, and one scrolled to stops below it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();

  // react-table is given the drawn rows only, not every message: its core row model builds an object a row, and for
  // 100,000 messages that took 100–135 ms (Node 20, @tanstack/table-core 9.3.1, measured with constructTable and
  // getRowModel), on every sort and filter. Sorting and filtering are the worker's (manualSorting; the filters are
  // the store's), so the table needs no other rows: it owns the columns, the sort state and the column visibility.
  const data = useMemo(() => items.map((item): TableRowData => ({ index: rows[item.index] ?? 0 })), [items, rows]);
  const table = useTable({
    features,
    columns: COLUMNS,
    data,
    getRowId: rowId,
    manualSorting: true,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: changeVisibility,
  });

  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useCardPrefetch(session, rows, first, last);

  const rowOf = useMemo(() => {
    const map = new Int32Array(view.count).fill(-1);
    rows.forEach((message, row) => (map[message] = row));
    return map;
  }, [view, rows]);

  // Once the first rows are here: the selection made elsewhere in view. After that, a new order starts at its top.
  const placed = useRef(false);
  useEffect(() => {
    if (busy || !scroller) return;
    if (placed.current) {
      virtualizer.scrollToOffset(0);
      return;
    }
    placed.current = true;
    const index = useStore.getState().selection?.index;
    const row = index === undefined ? -1 : (rowOf[index] ?? -1);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'center' });
  }, [rows, busy, rowOf, scroller, virtualizer]);

  // A selection that changes (a click, a key, a finding) brings its row into view, scrolling as little as needed.
  const lastSelected = useRef(selected);
  useEffect(() => {
    if (selected === lastSelected.current) return;
    lastSelected.current = selected;
    const row = selected === undefined ? -1 : (rowOf[selected] ?? -1);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [selected, rowOf, virtualizer]);

  // A jump asked for elsewhere (a finding, a link) is this view's to make while it is shown.
  useEffect(() => {
    if (!scrollRequest || busy) return;
    const row = rowOf[scrollRequest.index] ?? -1;
    if (row >= 0) virtualizer.scrollToIndex(row, { align: scrollRequest.align });
    scrollDone();
  }, [scrollRequest, busy, rowOf, virtualizer, scrollDone]);

  const onSelect = useCallback((index: number) => select({ index }), [select]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (rows.length === 0 || event.ctrlKey || event.metaKey || event.altKey) return;
    const current = selected === undefined ? -1 : (rowOf[selected] ?? -1);
    const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    let target: number;
    if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = rows.length - 1;
    else if (event.key === 'PageDown') target = current + page;
    else if (event.key === 'PageUp') target = current - page;
    else return;
    event.preventDefault();
    const index = rows[Math.min(rows.length - 1, Math.max(0, target))];
    if (index !== undefined) select({ index });
  };

  const estimates = useTokenEstimates(view, session);
  const tableData = useMemo<TableData>(
    () => ({ view, latency: latencies(view.columns.timeMs), findingsByMessage: indexOf(view).findingsByMessage, estimates }),
    [view, estimates],
  );
  const visible = table.getVisibleLeafColumns().flatMap((column) => (isTableColumn(column.id) ? [column.id] : []));
  const grid = {
    '--table-columns': visible.map((column) => LAYOUT[column].track).join(' '),
    minWidth: visible.reduce((sum, column) => sum + LAYOUT[column].minWidth, 0),
  } as CSSProperties;
  const columnsKey = visible.join(',');
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const drawn = table.getRowModel().rows;

  return (
    <section className="table-view" aria-label="Messages table">
      <TableToolbar table={table} shown={rows.length} busy={busy} onlyFindings={onlyFindings} setOnlyFindings={setOnlyFindings} />
      {error !== null && (
        <p className="table-error" role="alert">
          The table could not be sorted or filtered: {error}
        </p>
      )}
      <div ref={setScroller} className="table-scroller" data-testid="table-scroller" tabIndex={0} onKeyDown={onKeyDown}>
        <TableDataContext value={tableData}>
          <table
            role="grid"
            aria-label="Messages"
            aria-rowcount={rows.length + 1}
            className="messages-table"
            data-testid="messages-table"
            data-row-count={rows.length}
            data-busy={busy || undefined}
            style={grid}
          >
            <thead>
              <tr role="row" aria-rowindex={1} className="table-head-row">
                {headers.map((header) => (
                  <HeaderCell key={header.id} header={header} keys={sorting.length} />
                ))}
              </tr>
            </thead>
            <tbody style={{ height: virtualizer.getTotalSize() }}>
              {drawn.map((row, i) => {
                const item = items[i];
                if (!item) return null;
                const index = row.original.index;
                return (
                  <TableRow
                    key={index}
                    row={row}
                    index={index}
                    position={item.index}
                    top={item.start - HEADER_HEIGHT}
                    selected={index === selected}
                    columnsKey={columnsKey}
                    cards={session?.cards}
                    onSelect={onSelect}
                  />
                );
              })}
            </tbody>
          </table>
        </TableDataContext>
        {rows.length === 0 && !busy && (
          <p className="table-empty" data-testid="table-empty">
            {view.count === 0 ? 'This history holds no message.' : 'No message matches the filters.'}
          </p>
        )}
      </div>
    </section>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column's header: a click sorts by it, Shift+click adds it as the next key (react-table's multi-sort event). */
function HeaderCell({ header, keys }: { header: Header<Features, TableRowData, unknown>; keys: number }) {
  const { column } = header;
  const layout = isTableColumn(column.id) ? LAYOUT[column.id] : undefined;
  const sorted = column.getIsSorted();
  const place = column.getSortIndex();
  return (
    <th
      role="columnheader"
      className={layout?.numeric ? 'column-header numeric' : 'column-header'}
      data-testid="column-header"
      data-column={column.id}
      data-sort-index={sorted ? place + 1 : undefined}
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
    >
      <button
        type="button"
        className="column-sort"
        title={`${layout?.title ?? column.id}. Click to sort; Shift+click to sort by it next.`}
        onClick={column.getToggleSortingHandler()}
      >
        <span className="column-label">{layout?.label ?? column.id}</span>
        <span className="sort-mark" aria-hidden="true">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
          {sorted && keys > 1 ? <sub>{place + 1}</sub> : null}
        </span>
      </button>
    </th>
  );
}

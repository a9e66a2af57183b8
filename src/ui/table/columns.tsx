// The messages table's column model for @tanstack/react-table: one column a TABLE_COLUMNS name, with its header,
// its cell, where its sort starts, and its width. Cells read their message from context (tableContext): the numbers
// the view holds paint at once, the text of the card when the card arrives.
import { columnVisibilityFeature, createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { TABLE_COLUMNS, type TableColumn } from '../../protocol/messagesTable';
import { ROLE_ORDER } from '../../protocol/workerApi';
import { ROLE_LABELS } from '../roles';
import { formatCount } from '../text/format';
import { formatDuration } from '../text/time';
import { EstimatedTokens } from '../tokens/EstimatedTokens';
import { ALWAYS_SHOWN } from './columnVisibility';
import { useRowData, useTableData } from './tableContext';
import { formatClock, formatTokens, NO_VALUE, oneLine, severityCounts, SEVERITY_MARKS } from './tableFormat';

/** Sorting and column visibility are the table's; filtering is the store's (shared with the timeline), sorting is done in the worker. */
export const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
export type Features = typeof features;

/** What the table is given a row of: the message index alone (see MessagesTableView on why only the drawn rows). */
export interface TableRowData {
  index: number;
}

export interface ColumnLayout {
  label: string;
  /** The header's tooltip. */
  title: string;
  /** Its track in the rows' CSS grid, and the narrowest it gets (the table scrolls sideways below their sum). */
  track: string;
  minWidth: number;
  /** Right-aligned in tabular figures. */
  numeric?: true;
  /** The first click sorts largest first: the biggest turn, the longest gap, the worst findings. */
  descFirst?: true;
}

const fixed = (px: number): Pick<ColumnLayout, 'track' | 'minWidth'> => ({ track: `${px}px`, minWidth: px });
const flexible = (px: number, fr: number): Pick<ColumnLayout, 'track' | 'minWidth'> => ({ track: `minmax(${px}px, ${fr}fr)`, minWidth: px });

export const LAYOUT: Record<TableColumn, ColumnLayout> = {
  index: { label: '#', title: 'Message number', ...fixed(54), numeric: true },
  // Wide enough for `System` beside its dot, within the cell's 6 px padding (70 px cut it).
  role: { label: 'Role', title: 'Role', ...fixed(76) },
  name: { label: 'Name', title: 'Name the message or tool result carries', ...flexible(80, 0.7) },
  preview: { label: 'Preview', title: 'The start of the message text', ...flexible(100, 2) },
  calls: { label: 'Tool calls', title: 'Tool calls the message makes: how many, and their names', ...flexible(84, 1), descFirst: true },
  tokensIn: {
    label: 'In',
    title: 'Input tokens, as the history reports them; ≈ marks an estimate (o200k_base) where it reports none',
    ...fixed(66),
    numeric: true,
    descFirst: true,
  },
  tokensOut: {
    label: 'Out',
    title: 'Output tokens, as the history reports them; ≈ marks an estimate (o200k_base) where it reports none',
    ...fixed(60),
    numeric: true,
    descFirst: true,
  },
  tokensCumulative: { label: 'Σ tokens', title: 'Running total of tokens up to this message', ...fixed(80), numeric: true, descFirst: true },
  model: { label: 'Model', title: 'Model that wrote the message', ...flexible(90, 0.8) },
  time: { label: 'Time', title: "The message's time, in this browser's time zone", ...fixed(72), numeric: true },
  // Wide enough for `Latency` beside its sort mark (70 px cut it to `Late…` when sorted).
  latency: { label: 'Latency', title: 'Time since the previous message that has a time', ...fixed(78), numeric: true, descFirst: true },
  findings: { label: 'Findings', title: 'Findings on the message: errors ✕, warnings ⚠, infos ℹ', ...fixed(74), descFirst: true },
};

const AI_ROLE = ROLE_ORDER.indexOf('ai');

/** Where a cell's text will be once the message's card is here. */
function Pending() {
  return <span className="cell-pending" aria-hidden="true" />;
}

function IndexCell() {
  return <>{useRowData().index}</>;
}

function RoleCell() {
  const { view } = useTableData();
  const role = ROLE_ORDER[view.columns.role[useRowData().index]!] ?? 'other';
  return (
    <span className={`cell-role role-${role}`} data-role={role}>
      <span className="cell-role-dot" />
      {ROLE_LABELS[role]}
    </span>
  );
}

function NameCell() {
  const { card } = useRowData();
  if (!card) return <Pending />;
  return <span title={card.name}>{card.name ?? ''}</span>;
}

function PreviewCell() {
  const { card } = useRowData();
  if (!card) return <Pending />;
  if (card.problem !== undefined) return <span className="cell-problem">Could not read: {oneLine(card.problem)}</span>;
  const text = oneLine(card.text);
  const kinds = card.contentKinds.map(({ kind, count }) => (count > 1 ? `${count} ${kind}` : kind)).join(', ');
  return (
    <>
      {card.status === 'error' && <span className="cell-status-error">error</span>}
      {text !== '' ? <span title={oneLine(card.text, 600)}>{text}</span> : <span className="muted">{kinds ? `[${kinds}]` : ''}</span>}
    </>
  );
}

function CallsCell() {
  const { view } = useTableData();
  const { index, card } = useRowData();
  const count = view.columns.callCount[index] ?? 0;
  if (count === 0) return null;
  const names = card?.calls.map((call) => call.name).join(', ');
  return (
    <>
      <span className="cell-calls-count">{count}</span>
      {names === undefined ? <Pending /> : <span title={names}>{names}</span>}
    </>
  );
}

/**
 * Reported usage; a message without any shows its estimate (a tokenizer's count, once the worker has made it) marked
 * *estimated*, never as reported tokens, or says it has none (—).
 */
function TokensCell({ part }: { part: 'input' | 'output' }) {
  const { view, estimates } = useTableData();
  const { index, card } = useRowData();
  if ((view.columns.usageTotal[index] ?? -1) < 0) {
    const estimate = estimates?.[part][index] ?? Number.NaN;
    if (!estimates || Number.isNaN(estimate)) return <span title="No usage reported">{NO_VALUE}</span>;
    const what =
      part === 'output'
        ? "the message's text, calls and reasoning"
        : view.columns.role[index] === AI_ROLE
          ? 'the messages before this turn'
          : "the message's own tokens";
    return <EstimatedTokens tokens={estimate} encoding={estimates.encoding} what={what} />;
  }
  if (!card) return <Pending />;
  return <>{formatTokens(card.usage?.[part])}</>;
}

const TokensInCell = () => <TokensCell part="input" />;
const TokensOutCell = () => <TokensCell part="output" />;

function CumulativeCell() {
  const { view } = useTableData();
  const { index } = useRowData();
  // A history that reports no usage has no running total, not one of 0 tokens.
  if (view.tokens.totals.messagesWithUsage === 0) return <span title="No usage reported">{NO_VALUE}</span>;
  return <>{formatCount(view.columns.cumulative[index] ?? 0)}</>;
}

function ModelCell() {
  const { card } = useRowData();
  if (!card) return <Pending />;
  return <span title={card.model}>{card.model ?? ''}</span>;
}

function TimeCell() {
  const { view } = useTableData();
  const ms = view.columns.timeMs[useRowData().index] ?? Number.NaN;
  return <span title={Number.isFinite(ms) ? new Date(ms).toISOString() : 'No time in the history'}>{formatClock(ms)}</span>;
}

function LatencyCell() {
  const { latency } = useTableData();
  return <>{formatDuration(latency[useRowData().index] ?? Number.NaN, NO_VALUE)}</>;
}

function FindingsCell() {
  const { findingsByMessage } = useTableData();
  const findings = findingsByMessage.get(useRowData().index);
  if (!findings) return null;
  const counts = severityCounts(findings);
  return (
    <span className="cell-findings" title={findings.map((finding) => finding.rule).join(', ')}>
      {(['error', 'warning', 'info'] as const)
        .filter((severity) => counts[severity] > 0)
        .map((severity) => (
          <span key={severity} className={`cell-severity sev-${severity}`} data-severity={severity}>
            {counts[severity]} {SEVERITY_MARKS[severity]}
          </span>
        ))}
    </span>
  );
}

const CELLS: Record<TableColumn, () => ReactNode> = {
  index: IndexCell,
  role: RoleCell,
  name: NameCell,
  preview: PreviewCell,
  calls: CallsCell,
  tokensIn: TokensInCell,
  tokensOut: TokensOutCell,
  tokensCumulative: CumulativeCell,
  model: ModelCell,
  time: TimeCell,
  latency: LatencyCell,
  findings: FindingsCell,
};

const helper = createColumnHelper<Features, TableRowData>();

/**
 * Every column reads the message index (sorting is manual: the worker sorts by its own keys, src/worker/rowKeys.ts,
 * but react-table lets only a column with an accessor be sorted).
 */
export const COLUMNS = helper.columns(
  TABLE_COLUMNS.map((column) =>
    helper.accessor((row) => row.index, {
      id: column,
      header: LAYOUT[column].label,
      cell: CELLS[column],
      sortDescFirst: LAYOUT[column].descFirst === true,
      enableHiding: !ALWAYS_SHOWN.has(column),
    }),
  ),
);

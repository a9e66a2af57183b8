// What the Tools table shows of the worker's ToolCallTable: the rows left by the filters, in the order asked for,
// as an index array over the columns (no row objects: 50,000 of them cost more to build than to sort), and the
// per-tool lines in theirs. Pure, so the unit tests drive it without a DOM.
import { TOOL_CALL_STATUSES, type ToolCallStatus, type ToolCallTable, type ToolSummary } from '../../core/analytics/toolCalls';

export type ToolColumn = 'id' | 'tool' | 'args' | 'issued' | 'answered' | 'status' | 'size' | 'duration';

export interface ToolSort {
  column: ToolColumn;
  desc: boolean;
}

export interface ToolFilter {
  /** Only the calls of this tool (its index in `tools`). */
  tool: number | null;
  status: ToolCallStatus | null;
  /** Case-insensitive, in the tool name, the id (or the position standing for a made-up one) and the arguments. */
  text: string;
}

/** Timeline order: the worker's row order. */
export const DEFAULT_SORT: ToolSort = { column: 'issued', desc: false };

/** Ascending status order puts what went wrong first: failures, then what is missing, then what waits, then ok. */
const STATUS_RANK: Record<ToolCallStatus, number> = { error: 0, invalid: 1, orphan: 2, 'unknown-result': 3, pending: 4, ok: 5 };
const statusRank = Uint8Array.from(TOOL_CALL_STATUSES, (s) => STATUS_RANK[s]);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Each tool's place in name order, so rows compare by a number. */
const toolRanks = new WeakMap<ToolCallTable, Uint32Array>();
function toolRank(t: ToolCallTable): Uint32Array {
  let rank = toolRanks.get(t);
  if (!rank) {
    const order = t.tools.map((_, i) => i).sort((a, b) => collator.compare(t.tools[a]!, t.tools[b]!));
    rank = new Uint32Array(t.tools.length);
    order.forEach((tool, place) => (rank![tool] = place));
    toolRanks.set(t, rank);
  }
  return rank;
}

/** Each row's searchable text, lower-cased once a table. */
const haystacks = new WeakMap<ToolCallTable, string[]>();
function haystack(t: ToolCallTable): string[] {
  let texts = haystacks.get(t);
  if (!texts) {
    texts = new Array<string>(t.count);
    for (let i = 0; i < t.count; i++) texts[i] = `${t.tools[t.tool[i]!]}\n${t.ids[i]}\n${t.madeUp[i]}\n${t.args[i]}`.toLowerCase();
    haystacks.set(t, texts);
  }
  return texts;
}

/** A number to sort row `i` by; NaN where the row has no value (sorted last either way). */
function numericKey(t: ToolCallTable, column: ToolColumn): ((i: number) => number) | undefined {
  const missing = (v: number): number => (v < 0 ? Number.NaN : v);
  switch (column) {
    case 'issued':
      return (i) => missing(t.callMessage[i]!);
    case 'answered':
      return (i) => missing(t.resultMessage[i]!);
    case 'size':
      return (i) => missing(t.resultChars[i]!);
    case 'duration':
      return (i) => t.durationMs[i]!;
    case 'status':
      return (i) => statusRank[t.status[i]!]!;
    case 'tool': {
      const rank = toolRank(t);
      return (i) => rank[t.tool[i]!]!;
    }
    case 'id':
    case 'args':
      return undefined;
  }
}

/** The shown id of row `i`: the input's own, or the position standing for a made-up one. */
export const shownId = (t: ToolCallTable, i: number): string => t.madeUp[i] || t.ids[i]!;

/** The rows `filter` keeps, in `sort` order (ties in timeline order). */
export function visibleToolRows(t: ToolCallTable, filter: ToolFilter, sort: ToolSort): Int32Array<ArrayBuffer> {
  const status = filter.status === null ? -1 : TOOL_CALL_STATUSES.indexOf(filter.status);
  const needle = filter.text.trim().toLowerCase();
  const texts = needle === '' ? undefined : haystack(t);
  const kept = new Int32Array(t.count);
  let n = 0;
  for (let i = 0; i < t.count; i++) {
    if (filter.tool !== null && t.tool[i] !== filter.tool) continue;
    if (status >= 0 && t.status[i] !== status) continue;
    if (texts && !texts[i]!.includes(needle)) continue;
    kept[n++] = i;
  }
  const rows = kept.slice(0, n);
  if (sort.column === DEFAULT_SORT.column && !sort.desc) return rows;
  const sign = sort.desc ? -1 : 1;
  const key = numericKey(t, sort.column);
  if (key) {
    // Keys read once a row, not once a comparison.
    const keys = new Float64Array(t.count);
    for (const i of rows) keys[i] = key(i);
    rows.sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? a - b : Number.isNaN(x) ? 1 : -1;
      return x === y ? a - b : x < y ? -sign : sign;
    });
  } else {
    const text = sort.column === 'id' ? (i: number) => shownId(t, i) : (i: number) => t.args[i]!;
    rows.sort((a, b) => {
      const x = text(a);
      const y = text(b);
      // Rows without one go last either way.
      if (x === '' || y === '') return x === y ? a - b : x === '' ? 1 : -1;
      return x === y ? a - b : x < y ? -sign : sign;
    });
  }
  return rows;
}

/** Counts of each status among the rows of `tool` (all tools when null), for the status filter. */
export function statusCounts(t: ToolCallTable, tool: number | null): Record<ToolCallStatus, number> {
  const counts = new Uint32Array(TOOL_CALL_STATUSES.length);
  for (let i = 0; i < t.count; i++) if (tool === null || t.tool[i] === tool) counts[t.status[i]!]!++;
  return Object.fromEntries(TOOL_CALL_STATUSES.map((s, k) => [s, counts[k]!])) as Record<ToolCallStatus, number>;
}

export type SummaryColumn = 'name' | 'calls' | 'errors' | 'rate' | 'total' | 'largest';

export interface SummarySort {
  column: SummaryColumn;
  desc: boolean;
}

/** Which tool failed most comes first. */
export const DEFAULT_SUMMARY_SORT: SummarySort = { column: 'errors', desc: true };

/** Failed calls in a hundred; NaN for a tool only results name (it was never called). */
export const errorRate = (s: ToolSummary): number => (s.calls === 0 ? Number.NaN : s.errors / s.calls);

const summaryKey: Record<Exclude<SummaryColumn, 'name'>, (s: ToolSummary) => number> = {
  calls: (s) => s.calls,
  errors: (s) => s.errors,
  rate: errorRate,
  total: (s) => s.resultChars,
  largest: (s) => s.largestResult,
};

/** Indices into `summary` in `sort` order; ties by calls, most first, then by name. */
export function sortedSummary(summary: readonly ToolSummary[], sort: SummarySort): number[] {
  const sign = sort.desc ? -1 : 1;
  const byName = (a: number, b: number): number => collator.compare(summary[a]!.name, summary[b]!.name);
  const tie = (a: number, b: number): number => summary[b]!.calls - summary[a]!.calls || byName(a, b);
  const order = summary.map((_, i) => i);
  if (sort.column === 'name') return order.sort((a, b) => sign * byName(a, b) || a - b);
  const key = summaryKey[sort.column];
  return order.sort((a, b) => {
    const x = key(summary[a]!);
    const y = key(summary[b]!);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? tie(a, b) : Number.isNaN(x) ? 1 : -1;
    return x === y ? tie(a, b) : x < y ? -sign : sign;
  });
}

/** `532`, `12.3k`, `4.1M` characters. */
export function formatSize(chars: number): string {
  if (chars < 0) return '';
  if (chars < 1000) return String(chars);
  if (chars < 999_500) return `${trim(chars / 1000)}k`;
  return `${trim(chars / 1_000_000)}M`;
}

// One decimal below 10 (9.96 would print as 10.0).
const trim = (n: number): string => (n < 9.95 ? n.toFixed(1) : n.toFixed(0));

/** `12%`, `0.5%`, `—` where there were no calls. */
export function formatRate(rate: number): string {
  if (Number.isNaN(rate)) return '—';
  const percent = rate * 100;
  return percent > 0 && percent < 1 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`;
}

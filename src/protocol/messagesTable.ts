// The messages table's columns and query, which the page (src/ui/table) and the worker (src/worker/rows.ts) both
// read: the page asks for rows sorted and filtered by these names, the worker answers message indices in that order.
import type { Role } from '../core/model';
import type { SearchFacets } from './search';

/** The table's columns by the names `data-column` carries (docs/page-hooks.md, "Messages table"), in their order. */
export const TABLE_COLUMNS = [
  'index',
  'role',
  'name',
  'preview',
  'calls',
  'tokensIn',
  'tokensOut',
  'tokensCumulative',
  'model',
  'time',
  'latency',
  'findings',
] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

export const isTableColumn = (name: string): name is TableColumn => (TABLE_COLUMNS as readonly string[]).includes(name);

/** One sort key; the first of a list sorts, each next one orders what the keys before it leave equal. */
export interface TableSort {
  column: TableColumn;
  desc: boolean;
}

export interface RowsParams {
  sort: TableSort[];
  /** Kept when the message's text, names, ids or call arguments match it (as `search`: words or `/regex/`); '' keeps all. */
  text: string;
  /** Kept: messages of these roles. */
  roles: Role[];
  /** Kept: messages with at least one finding. */
  onlyFindings: boolean;
  /** Kept: messages the search's facets keep (the timeline's chips); none when absent. */
  facets?: SearchFacets;
}

/**
 * Each message's time since the message before it that has a time, in milliseconds, from the view's `timeMs`
 * column (NaN: no time). NaN for a message without a time and for the first one with a time.
 */
export function latencies(timeMs: ArrayLike<number>): Float64Array<ArrayBuffer> {
  const gaps = new Float64Array(timeMs.length).fill(Number.NaN);
  let previous = Number.NaN;
  for (let i = 0; i < timeMs.length; i++) {
    const time = timeMs[i]!;
    if (Number.isNaN(time)) continue;
    gaps[i] = time - previous;
    previous = time;
  }
  return gaps;
}

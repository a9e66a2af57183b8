import { useLayoutEffect } from 'react';
import { visibleRows } from '../../store/filter';
import type { AppState } from '../../store/store';

// The messages in the order the view on screen shows them: the timeline's (filtered) or the table's (sorted and
// filtered). The view registers it; the keys that step through messages (useShortcuts.ts) read it. One place for
// both views, so that j, k and the arrows do the same in either.

let shown: Int32Array | null = null;

/** Registers `rows` as the order on screen while the calling view is mounted. */
export function useMessageOrder(rows: Int32Array): void {
  useLayoutEffect(() => {
    shown = rows;
    return () => {
      if (shown === rows) shown = null;
    };
  }, [rows]);
}

/** The order on screen; with no list registered (the Tools or Tokens view), the timeline's. */
export function messageOrder(state: AppState): Int32Array {
  if (shown) return shown;
  return state.view ? visibleRows(state.view, state.hiddenRoles, state.searchHits) : new Int32Array(0);
}

/**
 * The message `step` places from `selected` in `rows` (clamped to the ends); from no selection, or one the rows leave
 * out, the first. Undefined when there is no row.
 */
export function steppedTo(rows: Int32Array, selected: number | undefined, step: number): number | undefined {
  if (rows.length === 0) return undefined;
  const current = selected === undefined ? -1 : rows.indexOf(selected);
  if (current < 0) return rows[0];
  return rows[Math.min(rows.length - 1, Math.max(0, current + step))];
}

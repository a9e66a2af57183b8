import { useSyncExternalStore } from 'react';

/** The messages inside the timeline's viewport, first and last (the overview outlines them). */
export interface VisibleRange {
  first: number;
  last: number;
}

/** What the timeline shows: its rows (message indices, in order) and those of them inside the viewport. */
interface Shown {
  rows: Int32Array;
  /** Rows inside the viewport, first and last inclusive; last < first when none is (no viewport yet). */
  firstRow: number;
  lastRow: number;
  range: VisibleRange;
}

// The timeline's own transient state, not the page's: written on every scroll frame and read only by what is
// drawn beside the rows. In the app store, each frame would run every component's store selectors.
const NONE: Shown = { rows: new Int32Array(0), firstRow: 0, lastRow: -1, range: { first: 0, last: -1 } };
let shown = NONE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: Shown): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** Called by the timeline when its rows, or those inside its viewport, change. */
export function setVisibleRows(rows: Int32Array, firstRow: number, lastRow: number): void {
  if (rows === shown.rows && firstRow === shown.firstRow && lastRow === shown.lastRow) return;
  const range = lastRow >= firstRow ? { first: rows[firstRow] ?? 0, last: rows[lastRow] ?? -1 } : { first: 0, last: -1 };
  // The overview's outline keeps its object while the messages it spans stay.
  publish({ rows, firstRow, lastRow, range: range.first === shown.range.first && range.last === shown.range.last ? shown.range : range });
}

/** The timeline is gone (another history, another view): nothing is in view until the next one says so. */
export function clearVisibleRows(rows: Int32Array): void {
  if (shown.rows === rows) publish(NONE);
}

export function useVisibleRange(): VisibleRange {
  return useSyncExternalStore(subscribe, () => shown.range);
}

/** The row showing message `index`, or -1 when the rows leave it out (a filter hides it). Rows are in message order. */
function rowOf(rows: Int32Array, index: number): number {
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = rows[middle]!;
    if (at === index) return middle;
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Where message `index` is for a link drawn on message `from`: null while any of it is inside the viewport (or no
 * viewport is known yet), else which way it lies from `from`. A message a filter hides is off screen too: a link
 * to it leads there (showing every message on the way). The timeline is in message order, so the way from the
 * link to its target is the way between their indices: a chip never points the wrong way, wherever its own card is.
 */
function whereIs(current: Shown, index: number, from: number): 'above' | 'below' | null {
  if (current.lastRow < current.firstRow) return null;
  const row = rowOf(current.rows, index);
  if (row >= current.firstRow && row <= current.lastRow) return null;
  return index < from ? 'above' : 'below';
}

/** `whereIs` for the timeline on screen, following it. */
export function useOffscreen(index: number, from: number): 'above' | 'below' | null {
  return useSyncExternalStore(subscribe, () => whereIs(shown, index, from));
}

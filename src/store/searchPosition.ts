// Where the selection is among the search's matches (*n of m*), and which match *next* and *previous* go to.

/** The first position in `rows` (ascending message indices) whose index is at least `index`. */
function lowerBound(rows: ArrayLike<number>, index: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The selected message's place among `rows` from 1, or 0 when nothing is selected or it is not among them. */
export function positionAmong(rows: ArrayLike<number>, selected: number | undefined): number {
  if (selected === undefined) return 0;
  const at = lowerBound(rows, selected);
  return rows[at] === selected ? at + 1 : 0;
}

/**
 * The message *next* (1) or *previous* (-1) goes to from `selected`: the first row after it or the last before it,
 * round the ends; without a selection the first row (or the last, going back). Undefined when there are no rows.
 */
export function stepAmong(rows: ArrayLike<number>, selected: number | undefined, direction: 1 | -1): number | undefined {
  if (rows.length === 0) return undefined;
  if (selected === undefined) return direction === 1 ? rows[0] : rows[rows.length - 1];
  const at = lowerBound(rows, selected);
  if (direction === 1) {
    const next = rows[at] === selected ? at + 1 : at;
    return rows[next < rows.length ? next : 0];
  }
  return rows[at > 0 ? at - 1 : rows.length - 1];
}

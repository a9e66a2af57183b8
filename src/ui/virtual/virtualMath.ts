// The virtual list's arithmetic, free of the DOM: row offsets, the rows in a window, where to scroll
// to show a row, and the mapping between row offsets and a scroll height the browser can hold.

/**
 * Row heights with prefix sums in a Fenwick tree: measuring a row, the offset of a row and the row at
 * an offset each cost O(log n), so a 100,000-row list never walks every row on a measure or a scroll.
 */
export class RowHeights {
  private readonly heights: Float64Array;
  private readonly tree: Float64Array;
  private sum = 0;

  constructor(heights: ArrayLike<number>) {
    const n = heights.length;
    this.heights = Float64Array.from(heights);
    this.tree = new Float64Array(n + 1);
    // Linear build: each node passes its sum to its parent once.
    for (let i = 1; i <= n; i++) {
      this.tree[i]! += this.heights[i - 1]!;
      const parent = i + (i & -i);
      if (parent <= n) this.tree[parent]! += this.tree[i]!;
      this.sum += this.heights[i - 1]!;
    }
  }

  get count(): number {
    return this.heights.length;
  }

  get total(): number {
    return this.sum;
  }

  heightOf(row: number): number {
    return this.heights[row] ?? 0;
  }

  /** Sets a row's height; returns how much it changed. */
  set(row: number, height: number): number {
    const delta = height - (this.heights[row] ?? height);
    if (delta === 0) return 0;
    this.heights[row] = height;
    this.sum += delta;
    for (let i = row + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
    return delta;
  }

  /** Where row `row` starts: the heights of the rows before it. */
  offsetOf(row: number): number {
    let offset = 0;
    for (let i = Math.min(Math.max(row, 0), this.count); i > 0; i -= i & -i) offset += this.tree[i]!;
    return offset;
  }

  /** The row covering `offset` (the first row at or below 0, the last past the end); 0 when empty. */
  indexAt(offset: number): number {
    if (this.count === 0 || offset < 0) return 0;
    let row = 0;
    let remaining = offset;
    for (let step = 1 << Math.floor(Math.log2(this.count)); step > 0; step >>= 1) {
      const next = row + step;
      if (next <= this.count && this.tree[next]! <= remaining) {
        row = next;
        remaining -= this.tree[next]!;
      }
    }
    return Math.min(row, this.count - 1);
  }
}

/** Rows in `[top - overscan, top + height + overscan]`, first and last inclusive. */
export function rowsInWindow(heights: RowHeights, top: number, height: number, overscan = 0): { first: number; last: number } {
  if (heights.count === 0) return { first: 0, last: -1 };
  const first = heights.indexAt(top - overscan);
  // The row ending exactly at the window's bottom edge is not in it.
  const last = heights.indexAt(Math.max(top + height + overscan - 0.5, 0));
  return { first, last };
}

export type Align = 'start' | 'end' | 'center' | 'auto';

/**
 * The scroll offset that shows `row` as asked; `auto` moves only as far as needed from `top`. A row taller than the
 * viewport shows its top for `center` and `auto` (its middle, or its end, would hide the header that says what it is).
 */
export function alignedTop(heights: RowHeights, row: number, viewport: number, align: Align, top: number): number {
  const start = heights.offsetOf(row);
  const end = start + heights.heightOf(row);
  const tall = end - start > viewport;
  let target: number;
  if (align === 'start') target = start;
  else if (align === 'end') target = end - viewport;
  else if (align === 'center') target = tall ? start : (start + end - viewport) / 2;
  else if (start < top) target = start;
  else if (end > top + viewport) target = tall ? start : end - viewport;
  else target = top;
  return Math.min(Math.max(target, 0), Math.max(heights.total - viewport, 0));
}

/**
 * Browsers cap an element's height (Chromium near 33.5M px, Firefox near 17.9M): a list taller than
 * this scrolls a shorter element, each scrolled pixel moving the rows by `ratio` pixels.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export interface ScrollScale {
  /** The scroll element's content height. */
  height: number;
  /** Row pixels per scrolled pixel: 1 below the cap. */
  ratio: number;
  toVirtual(scrollTop: number): number;
  toScroll(virtualTop: number): number;
}

/** Maps row offsets to scroll positions so that both ends of the list stay reachable. */
export function scrollScale(total: number, viewport: number, cap = MAX_SCROLL_HEIGHT): ScrollScale {
  if (total <= cap || total <= viewport) {
    return { height: total, ratio: 1, toVirtual: (scrollTop) => scrollTop, toScroll: (virtualTop) => virtualTop };
  }
  // The last scroll position must show the last row: map scroll range onto row range, not height onto height.
  const ratio = (total - viewport) / Math.max(cap - viewport, 1);
  return { height: cap, ratio, toVirtual: (scrollTop) => scrollTop * ratio, toScroll: (virtualTop) => virtualTop / ratio };
}

/**
 * A scroll height for rows `total` high that changes in steps, not with each row measured: `current` while
 * it holds every row and no more than `2 * slack` beyond them, else `total + slack`. A scroll height that
 * changes makes Chromium redraw the viewport of an opaque scroller; the space past the last row is scrolled
 * with the rows pinned at the end.
 */
export function slackHeight(total: number, current: number, slack: number): number {
  return current >= total && current <= total + 2 * slack ? current : total + slack;
}

import { alignedTop, RowHeights, rowsInWindow, scrollScale, slackHeight, type Align } from './virtualMath';

/** Rows drawn beyond each edge of the viewport, in pixels: enough for a fast wheel's next frames. */
const OVERSCAN = 600;
/** Rows are placed relative to a base offset, moved only when the drawn rows get this far from it. */
const REBASE = 200_000;
/**
 * The window paints an opaque band this far above and below its origin, past any row it places: Chromium
 * then keeps the window, its rows and connectors in one layer of fixed bounds. Without it, a scaled list's
 * window (a layer of its own) split into a connector layer, a rows layer whose bounds changed with every
 * row drawn, and layers for chips with clipped text.
 */
export const BACKDROP = 2 * REBASE;
/** Re-aims a jump this many times as the rows around its target are measured. */
const JUMP_PASSES = 4;
/** Pixels a wheel "line" scrolls (WheelEvent.DOM_DELTA_LINE), as Chromium scrolls one. */
const WHEEL_LINE = 40;
/** The share of the viewport Page Down scrolls, as Chromium pages. */
const PAGE_STEP = 0.875;

export interface RowSource {
  count: number;
  /** The height to assume for a row until it is measured again; `width` is the list's. */
  heightOf(row: number, width: number): number;
  /** A row's measured height, for the source to keep across lists (a filter builds a new one). */
  measured(row: number, height: number): void;
  /**
   * Pixels at the top and at the bottom of each row that are its padding, not its item: a row of which only those
   * are inside the viewport is not in view (`visibleFirst`, `visibleLast`). 0 when absent.
   */
  inset?: number;
}

/**
 * A virtual list's state and DOM writes. Offsets come from a Fenwick tree of heights. Each drawn row is
 * placed here, by transform, relative to a base offset, inside one window element: a row that is
 * measured moves the rows below it before the frame is painted, and rows added or removed move no
 * other row (nothing is repainted but them). A list taller than browsers allow scrolls a capped
 * canvas, the window following the scroll. `onChange` asks for a render when the rows to draw changed.
 */
export class VirtualEngine {
  heights = new RowHeights([]);
  /** Rows drawn, first and last inclusive. */
  first = 0;
  last = -1;
  /** Rows inside the viewport. */
  visibleFirst = 0;
  visibleLast = -1;
  /** The row offset drawn rows are placed relative to. */
  base = 0;
  private source: RowSource = { count: 0, heightOf: () => 0, measured: () => undefined };
  private scale = scrollScale(0, 0);
  /** The canvas height as last set: below the cap, the rows' height plus some slack (see `slackHeight`). */
  private canvasHeight = -1;
  private viewport = 0;
  private width = 0;
  /** The row offset at the viewport's top. */
  private top = 0;
  /** The scrollTop set here, to tell these scroll events from the user's. */
  private expectedScroll = -1;
  /** The scroller's scrollTop as last read or set: reading it after a DOM write would force a layout. */
  private scrollTop = 0;
  private placedAt = '';
  private jump: { row: number; align: Align; passes: number } | null = null;
  private scroller: HTMLElement | null = null;
  private canvas: HTMLElement | null = null;
  private window: HTMLElement | null = null;
  /** Drawn row elements (with `data-row`) and the transform each was last given. */
  private readonly rows = new Map<HTMLElement, string>();

  constructor(private readonly onChange: () => void) {}

  attach(scroller: HTMLElement | null, canvas: HTMLElement | null, window: HTMLElement | null): void {
    this.scroller = scroller;
    this.canvas = canvas;
    this.window = window;
    if (window) {
      // The band is border, so that rows (placed from the padding box) keep the window's origin.
      window.style.top = `${-BACKDROP}px`;
      window.style.borderBlockWidth = `${BACKDROP}px`;
    }
    this.placedAt = '';
    this.canvasHeight = -1;
    this.scrollTop = scroller?.scrollTop ?? 0;
    this.measureViewport();
  }

  /** A new list: heights as last measured or guessed; the scroll offset stays where it can. */
  setRows(source: RowSource): void {
    this.source = source;
    const heights = new Float64Array(source.count);
    for (let row = 0; row < source.count; row++) heights[row] = source.heightOf(row, this.width);
    this.heights = new RowHeights(heights);
    this.jump = null;
    this.canvasHeight = -1;
    this.rescale();
    this.scrollToTop(this.top, true);
  }

  scrollToRow(row: number, align: Align): void {
    this.jump = { row, align, passes: JUMP_PASSES };
    this.scrollToTop(alignedTop(this.heights, row, this.viewport, align, this.top));
  }

  onScroll(): void {
    if (!this.scroller) return;
    this.scrollTop = this.scroller.scrollTop;
    const ours = Math.abs(this.scrollTop - this.expectedScroll) < 1;
    this.expectedScroll = -1;
    // A scroll this engine made keeps its exact offset (scrollTop is rounded); the user's gives a jump still
    // settling up.
    if (!ours) {
      this.jump = null;
      // Past the last row (the canvas's slack) the rows stay pinned at the end: the window follows the scroll.
      this.top = Math.min(Math.max(this.scale.toVirtual(this.scrollTop), 0), this.end());
    }
    this.update();
  }

  /** Rows report their drawn height. */
  onRowsResized(sizes: readonly { row: number; height: number }[]): void {
    const changed = sizes.filter(({ row, height }) => row >= 0 && row < this.heights.count && height !== 0 && this.heights.heightOf(row) !== height);
    if (changed.length === 0) return;
    this.keepView(() => {
      for (const { row, height } of changed) {
        this.source.measured(row, height);
        this.heights.set(row, height);
      }
    });
  }

  /** True while the list is taller than browsers allow and scrolls a scaled canvas. */
  get scaled(): boolean {
    return this.scale.ratio !== 1;
  }

  /**
   * How far to scroll the scaled canvas for a wheel turn, so that the rows move as far as the wheel asked
   * (the browser's own step, in canvas pixels, would move them `ratio` times as far); undefined unscaled.
   */
  wheelScroll(deltaY: number, deltaMode: number): number | undefined {
    if (!this.scaled) return undefined;
    const pixels = deltaMode === 1 ? deltaY * WHEEL_LINE : deltaMode === 2 ? deltaY * this.viewport : deltaY;
    return pixels / this.scale.ratio;
  }

  /** Likewise for Page Down (1) and Page Up (-1): a page of rows, not of the canvas. */
  pageScroll(direction: 1 | -1): number | undefined {
    return this.wheelScroll(direction * PAGE_STEP * this.viewport, 0);
  }

  /**
   * The scroll element's size changed: a new width reflows every row, so guesses start over, except for the rows
   * drawn, which are measured here. Left to the rows' ResizeObserver, a row whose height the new width did not change
   * (a scrollbar appearing narrows the list by 15 px) was never reported again and kept its guess for good: the rows
   * below it drawn that far off, chips and jumps aimed at where they were not.
   */
  measureViewport(): void {
    const scroller = this.scroller;
    if (!scroller) return;
    this.keepView(() => {
      if (scroller.clientWidth !== this.width) {
        this.width = scroller.clientWidth;
        for (let row = 0; row < this.heights.count; row++) this.heights.set(row, this.source.heightOf(row, this.width));
        // Called after layout (a ResizeObserver's callback, or attach), so reading the rows' sizes costs no reflow.
        for (const element of this.rows.keys()) {
          const row = Number(element.dataset.row);
          const height = element.getBoundingClientRect().height;
          if (row >= 0 && row < this.heights.count && height > 0) {
            this.source.measured(row, height);
            this.heights.set(row, height);
          }
        }
      }
      this.viewport = scroller.clientHeight;
    });
  }

  addRow(element: HTMLElement): void {
    this.rows.set(element, '');
    this.place();
  }

  removeRow(element: HTMLElement): void {
    this.rows.delete(element);
  }

  /** Places the window for the scroll position and each drawn row at its offset; writes only what changed. */
  place(): void {
    if (this.window) {
      // Scroll coordinates of the base offset, given that the viewport's top shows row offset `top`. Rounded: a scaled
      // list's window is a layer of its own, and one at a fractional offset costs the compositor more to draw.
      const transform = `translateY(${Math.round(this.scrollTop + this.base - this.top)}px)`;
      if (transform !== this.placedAt) {
        this.placedAt = transform;
        this.window.style.transform = transform;
      }
    }
    for (const [element, placed] of this.rows) {
      const transform = `translateY(${this.heights.offsetOf(Number(element.dataset.row)) - this.base}px)`;
      if (transform === placed) continue;
      this.rows.set(element, transform);
      element.style.transform = transform;
    }
  }

  /**
   * Changes heights or the viewport and keeps what the viewport shows: a jump's target while it settles,
   * else the end if the viewport was at the end (rows measured there, or a scrollbar appearing and
   * narrowing the list, must not leave the last row cut off), else the row at the viewport's top.
   */
  private keepView(change: () => void): void {
    const atEnd = this.top > 0 && this.top >= this.end();
    const anchor = this.heights.indexAt(this.top);
    const anchorOffset = this.top - this.heights.offsetOf(anchor);
    change();
    this.rescale();
    const jump = this.jump;
    if (jump && jump.passes-- > 0) this.scrollToTop(alignedTop(this.heights, jump.row, this.viewport, jump.align, this.top), true);
    else if (atEnd) this.scrollToTop(this.end(), true);
    else this.scrollToTop(this.heights.offsetOf(anchor) + anchorOffset, true);
  }

  /** The largest row offset the viewport's top can show. */
  private end(): number {
    return Math.max(this.heights.total - this.viewport, 0);
  }

  private rescale(): void {
    const total = this.heights.total;
    this.scale = scrollScale(total, this.viewport);
    // A new list starts exact; one that fits the viewport gets no slack, so no scrollbar.
    const height =
      this.scale.ratio !== 1 || total <= this.viewport || this.canvasHeight < 0
        ? this.scale.height
        : slackHeight(total, this.canvasHeight, Math.min(this.viewport, total / 20));
    if (height !== this.canvasHeight) {
      this.canvasHeight = height;
      if (this.canvas) this.canvas.style.height = `${height}px`;
    }
    // Scaled, the window moves on every scroll: as a layer of its own it moves without repainting its rows.
    if (this.window) this.window.style.willChange = this.scale.ratio === 1 ? '' : 'transform';
  }

  private scrollToTop(top: number, force = false): void {
    const end = this.end();
    this.top = Math.min(Math.max(top, 0), end);
    const scroller = this.scroller;
    if (scroller) {
      const scrollTop = Math.round(this.scale.toScroll(this.top));
      // Scrolled into the slack past the last row, a view asked at the end is already shown: leave the scroll be.
      const pinned = this.top >= end && this.scale.toVirtual(this.scrollTop) >= end;
      if (!pinned && Math.abs(this.scrollTop - scrollTop) >= 1) {
        // In range: rescale() sized the canvas first, so the browser does not clamp it.
        this.expectedScroll = scrollTop;
        this.scrollTop = scrollTop;
        scroller.scrollTop = scrollTop;
      }
    }
    this.update(force);
  }

  private update(force = false): void {
    const drawn = rowsInWindow(this.heights, this.top, this.viewport, OVERSCAN);
    // No viewport yet (detached, or not laid out): no row is in view, so nothing beside the rows claims one is.
    const inset = this.source.inset ?? 0;
    const visible = this.viewport > 2 * inset ? rowsInWindow(this.heights, this.top + inset, this.viewport - 2 * inset) : { first: 0, last: -1 };
    const changed = drawn.first !== this.first || drawn.last !== this.last || visible.first !== this.visibleFirst || visible.last !== this.visibleLast;
    this.first = drawn.first;
    this.last = drawn.last;
    const firstOffset = this.heights.offsetOf(this.first);
    if (Math.abs(firstOffset - this.base) > REBASE) this.base = firstOffset;
    this.visibleFirst = visible.first;
    this.visibleLast = visible.last;
    this.place();
    if (changed || force) this.onChange();
  }
}

import { describe, expect, it, vi } from 'vitest';
import { BACKDROP, VirtualEngine, type RowSource } from './virtualEngine';
import { MAX_SCROLL_HEIGHT } from './virtualMath';

/** What the engine touches of a DOM element: sizes, scrollTop, a style and data-row. */
function element(fields: Partial<{ clientWidth: number; clientHeight: number; scrollTop: number; row: number; height: number }> = {}) {
  const fake = {
    clientWidth: fields.clientWidth ?? 600,
    clientHeight: fields.clientHeight ?? 800,
    scrollTop: fields.scrollTop ?? 0,
    style: { height: '', transform: '', willChange: '', top: '', borderBlockWidth: '' },
    dataset: { row: String(fields.row ?? 0) },
    /** The drawn height, as a row's box reports it. */
    drawnHeight: fields.height ?? 100,
    getBoundingClientRect: () => ({ height: fake.drawnHeight }),
  };
  return fake;
}
const asElement = (fake: ReturnType<typeof element>) => fake as unknown as HTMLElement;
/** Where a drawn row is placed, from its transform. */
const row = (fake: ReturnType<typeof element>) => Number(/translateY\((-?[\d.]+)px\)/.exec(fake.style.transform)?.[1]);

function setup(count: number, height = 100) {
  const scroller = element();
  const canvas = element();
  const window = element();
  const onChange = vi.fn();
  const engine = new VirtualEngine(onChange);
  engine.attach(asElement(scroller), asElement(canvas), asElement(window));
  const source: RowSource = { count, heightOf: () => height, measured: vi.fn() };
  engine.setRows(source);
  return { engine, scroller, canvas, window, onChange, source };
}

describe('VirtualEngine', () => {
  it('draws the rows in and near the viewport of a short list, one to one with the scroll position', () => {
    const { engine, scroller, canvas } = setup(1000);
    expect(canvas.style.height).toBe('100000px');
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([0, 7]);
    expect(engine.first).toBe(0);
    expect(engine.last).toBe(13);
    scroller.scrollTop = 50_000;
    engine.onScroll();
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([500, 507]);
  });

  it('scales a list taller than a browser allows and still reaches its last row', () => {
    const { engine, scroller, canvas } = setup(1_000_000);
    expect(canvas.style.height).toBe(`${MAX_SCROLL_HEIGHT}px`);
    engine.scrollToRow(999_999, 'end');
    expect(scroller.scrollTop).toBe(MAX_SCROLL_HEIGHT - 800);
    expect(engine.visibleLast).toBe(999_999);
    // The user drags the scrollbar to the middle: the middle of the run shows.
    scroller.scrollTop = (MAX_SCROLL_HEIGHT - 800) / 2;
    engine.onScroll();
    expect(engine.visibleFirst).toBeGreaterThan(499_000);
    expect(engine.visibleFirst).toBeLessThan(501_000);
  });

  it('scrolls a scaled list by what a wheel turn asks of the rows, not of the shorter canvas', () => {
    const short = setup(1000);
    expect(short.engine.scaled).toBe(false);
    expect(short.engine.wheelScroll(100, 0)).toBeUndefined();
    const { engine, scroller } = setup(1_000_000);
    expect(engine.scaled).toBe(true);
    const ratio = (100_000_000 - 800) / (MAX_SCROLL_HEIGHT - 800);
    expect(engine.wheelScroll(100, 0)).toBeCloseTo(100 / ratio);
    expect(engine.wheelScroll(-3, 1)).toBeCloseTo(-120 / ratio);
    expect(engine.wheelScroll(1, 2)).toBeCloseTo(800 / ratio);
    expect(engine.pageScroll(1)).toBeCloseTo(700 / ratio);
    expect(engine.pageScroll(-1)).toBeCloseTo(-700 / ratio);
    expect(short.engine.pageScroll(1)).toBeUndefined();
    // Scrolled by that much, the rows move by the wheel's 100 pixels.
    scroller.scrollTop = 400_000;
    engine.onScroll();
    const before = engine.heights.offsetOf(engine.visibleFirst);
    scroller.scrollTop = 400_000 + (engine.wheelScroll(1000, 0) ?? 0);
    engine.onScroll();
    expect(engine.heights.offsetOf(engine.visibleFirst) - before).toBeCloseTo(1000, -2);
  });

  it('places drawn rows by transform, relative to the window, which follows a scaled scroll', () => {
    const { engine, scroller, window } = setup(1_000_000);
    const row = element({ row: 3 });
    engine.addRow(asElement(row));
    expect(row.style.transform).toBe('translateY(300px)');
    scroller.scrollTop = 1000;
    engine.onScroll();
    // 1000 scrolled pixels show rows 12.5 times further down: the window moves the rows the difference, to the
    // whole pixel (a layer at a fractional offset costs the compositor more to draw).
    const ratio = (100_000_000 - 800) / (MAX_SCROLL_HEIGHT - 800);
    expect(window.style.transform).toBe(`translateY(${Math.round(1000 - 1000 * ratio + engine.base)}px)`);
    expect(1000 - 1000 * ratio + engine.base).not.toBe(Math.round(1000 - 1000 * ratio + engine.base));
  });

  it('gives the window a backdrop that reaches past every row it places, the window origin unmoved', () => {
    const { engine, scroller, window } = setup(1_000_000);
    expect(window.style.top).toBe(`${-BACKDROP}px`);
    expect(window.style.borderBlockWidth).toBe(`${BACKDROP}px`);
    const rows = [0, 1, 2].map((row) => element({ row }));
    rows.forEach((row) => engine.addRow(asElement(row)));
    // Scroll down in steps: the base moves now and then, and the drawn rows stay inside the backdrop.
    for (let scrollTop = 0; scrollTop < 600_000; scrollTop += 7_000) {
      scroller.scrollTop = scrollTop;
      engine.onScroll();
      rows.forEach((row, i) => (row.dataset.row = String(engine.first + i)));
      engine.place();
      for (const row of rows) {
        const y = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
        expect(Math.abs(y) + 100).toBeLessThan(BACKDROP);
      }
    }
    expect(engine.base).toBeGreaterThan(0);
  });

  it('grows the canvas in steps as rows are measured, and pins the last row in the slack past it', () => {
    const { engine, scroller, canvas, window } = setup(1000);
    // A new list's canvas is exact; the first measure that outgrows it adds a viewport of slack.
    expect(canvas.style.height).toBe('100000px');
    engine.onRowsResized([{ row: 3, height: 110 }]);
    expect(canvas.style.height).toBe('100810px');
    // Measures that keep the total inside the slack leave the canvas alone.
    for (let row = 4; row < 40; row++) engine.onRowsResized([{ row, height: row % 2 ? 120 : 90 }]);
    expect(canvas.style.height).toBe('100810px');
    // The end: jumping there shows the last row at the viewport's bottom.
    engine.scrollToRow(999, 'end');
    const end = engine.heights.total - 800;
    expect(scroller.scrollTop).toBe(Math.round(end));
    expect(engine.visibleLast).toBe(999);
    // The user scrolls on into the slack: the rows stay at the end, the window moving with the scroll.
    scroller.scrollTop = Math.round(end) + 300;
    engine.onScroll();
    expect(engine.visibleLast).toBe(999);
    const row = element({ row: 999 });
    engine.addRow(asElement(row));
    const windowY = Number(/translateY\((-?[\d.]+)px\)/.exec(window.style.transform)?.[1]);
    const rowY = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
    // The last row's bottom sits at the viewport's bottom, in scroll coordinates.
    expect(windowY + rowY + 100).toBeCloseTo(scroller.scrollTop + 800);
    // A measure there does not pull the scroll back.
    engine.onRowsResized([{ row: 998, height: 130 }]);
    expect(scroller.scrollTop).toBe(Math.round(end) + 300);
    expect(engine.visibleLast).toBe(999);
  });

  it('gives a list that fits its viewport no slack', () => {
    const { engine, canvas } = setup(5);
    engine.onRowsResized([{ row: 0, height: 120 }]);
    expect(canvas.style.height).toBe('520px');
  });

  it('keeps the row at the top in place when rows above it are measured', () => {
    const { engine, scroller, source } = setup(1000);
    scroller.scrollTop = 5000;
    engine.onScroll();
    engine.onRowsResized([
      { row: 48, height: 300 },
      { row: 52, height: 50 },
    ]);
    expect(source.measured).toHaveBeenCalledWith(48, 300);
    // Row 48 grew by 200 px above the top row (50): the scroll moved with it.
    expect(scroller.scrollTop).toBe(5200);
    expect(engine.visibleFirst).toBe(50);
  });

  it('keeps the last row at the bottom of the viewport when the list narrows or shortens at its end', () => {
    const { engine, scroller } = setup(1000);
    // Narrower, every row wraps to 120 px: as when a scrollbar appears beside the list.
    engine.setRows({ count: 1000, heightOf: (_row, width) => (width < 600 ? 120 : 100), measured: vi.fn() });
    scroller.scrollTop = 100_000 - 800;
    engine.onScroll();
    expect(engine.visibleLast).toBe(999);
    scroller.clientWidth = 585;
    engine.measureViewport();
    expect(scroller.scrollTop).toBe(120_000 - 800);
    expect(engine.visibleLast).toBe(999);
    scroller.clientHeight = 700;
    engine.measureViewport();
    expect(scroller.scrollTop).toBe(120_000 - 700);
    expect(engine.visibleLast).toBe(999);
  });

  it('keeps the row at the top in place when the list narrows elsewhere', () => {
    const { engine, scroller } = setup(1000);
    engine.setRows({ count: 1000, heightOf: (_row, width) => (width < 600 ? 120 : 100), measured: vi.fn() });
    scroller.scrollTop = 50_000;
    engine.onScroll();
    scroller.clientWidth = 585;
    engine.measureViewport();
    expect(scroller.scrollTop).toBe(60_000);
    expect(engine.visibleFirst).toBe(500);
  });

  it('measures the drawn rows again when the list narrows, also those whose height the new width left alone', () => {
    const { engine, scroller, source } = setup(50);
    // Guesses: 100 px at 600 px wide, 130 px narrower. The rows drawn are 80 px at either width.
    engine.setRows({ ...source, heightOf: (_row, width) => (width < 600 ? 130 : 100) });
    const drawn = [0, 1, 2, 3, 4].map((row) => element({ row, height: 80 }));
    drawn.forEach((row) => engine.addRow(asElement(row)));
    engine.onRowsResized(drawn.map((_, row) => ({ row, height: 80 })));
    expect(engine.heights.offsetOf(5)).toBe(400);
    // A scrollbar appears: 15 px narrower. No row changes size, so no ResizeObserver reports one.
    scroller.clientWidth = 585;
    engine.measureViewport();
    expect([0, 1, 2, 3, 4].map((row) => engine.heights.heightOf(row))).toEqual([80, 80, 80, 80, 80]);
    expect(source.measured).toHaveBeenCalledWith(0, 80);
    // The rows not drawn start over from the new width's guess.
    expect(engine.heights.heightOf(5)).toBe(130);
    expect(row(drawn[1]!)).toBe(80);
  });

  it('counts a row in view by its item, not by the padding around it', () => {
    const { engine, scroller, source } = setup(50);
    engine.setRows({ ...source, inset: 4 });
    // Rows of 100 px, each an item of 92 between 4 px of padding. 4 px down, row 8's item starts at the bottom edge.
    scroller.scrollTop = 4;
    engine.onScroll();
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([0, 7]);
    // 96 px down, row 0's item has just left the top.
    scroller.scrollTop = 96;
    engine.onScroll();
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([1, 8]);
    // Without an inset the padding counts.
    engine.setRows(source);
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([0, 8]);
  });

  it('says no row is in view before the viewport has a height', () => {
    const { engine, scroller, onChange } = setup(50);
    scroller.clientHeight = 0;
    engine.measureViewport();
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([0, -1]);
    scroller.clientHeight = 800;
    onChange.mockClear();
    engine.measureViewport();
    expect([engine.visibleFirst, engine.visibleLast]).toEqual([0, 7]);
    expect(onChange).toHaveBeenCalled();
  });

  it('re-aims a jump as the rows around its target are measured, until the user scrolls', () => {
    const { engine, scroller } = setup(1000);
    engine.scrollToRow(500, 'start');
    expect(scroller.scrollTop).toBe(50_000);
    engine.onScroll();
    engine.onRowsResized([{ row: 499, height: 160 }]);
    expect(scroller.scrollTop).toBe(50_060);
    engine.onScroll();
    scroller.scrollTop = 40_000;
    engine.onScroll();
    engine.onRowsResized([{ row: 10, height: 120 }]);
    expect(scroller.scrollTop).toBe(40_020);
  });
});

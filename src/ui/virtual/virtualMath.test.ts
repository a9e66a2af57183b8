import { describe, expect, it } from 'vitest';
import { alignedTop, MAX_SCROLL_HEIGHT, RowHeights, rowsInWindow, scrollScale, slackHeight } from './virtualMath';

/** Offsets computed the slow way, to check the tree against. */
const naiveOffset = (heights: number[], row: number) => heights.slice(0, row).reduce((a, b) => a + b, 0);

describe('RowHeights', () => {
  const heights = [10, 20, 30, 40, 50];
  const rows = new RowHeights(heights);

  it('sums heights before a row', () => {
    expect([0, 1, 2, 3, 4, 5].map((row) => rows.offsetOf(row))).toEqual([0, 10, 30, 60, 100, 150]);
    expect(rows.total).toBe(150);
  });

  it('finds the row covering an offset, clamped to the list', () => {
    expect([-5, 0, 9.9, 10, 29, 30, 149, 150, 1e9].map((y) => rows.indexAt(y))).toEqual([0, 0, 0, 1, 1, 2, 4, 4, 4]);
  });

  it('updates offsets after rows are measured', () => {
    const measured = new RowHeights(heights);
    expect(measured.set(1, 25)).toBe(5);
    expect(measured.set(1, 25)).toBe(0);
    expect(measured.offsetOf(2)).toBe(35);
    expect(measured.total).toBe(155);
    expect(measured.indexAt(34)).toBe(1);
  });

  it('agrees with a plain sum on a large list after random measures', () => {
    let seed = 3;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const plain = Array.from({ length: 1000 }, () => 50 + Math.floor(random() * 200));
    const tree = new RowHeights(plain);
    for (let k = 0; k < 300; k++) {
      const row = Math.floor(random() * plain.length);
      plain[row] = 20 + Math.floor(random() * 400);
      tree.set(row, plain[row]);
    }
    for (const row of [0, 1, 17, 500, 999, 1000]) expect(tree.offsetOf(row)).toBe(naiveOffset(plain, row));
    for (const row of [0, 5, 333, 999]) expect(tree.indexAt(naiveOffset(plain, row) + 1)).toBe(row);
  });

  it('handles an empty list', () => {
    const empty = new RowHeights([]);
    expect([empty.total, empty.indexAt(10), empty.offsetOf(3)]).toEqual([0, 0, 0]);
    expect(rowsInWindow(empty, 0, 500)).toEqual({ first: 0, last: -1 });
  });
});

describe('rowsInWindow', () => {
  const rows = new RowHeights(Array.from({ length: 100 }, () => 100));

  it('covers the viewport and the overscan on both sides', () => {
    expect(rowsInWindow(rows, 1000, 500)).toEqual({ first: 10, last: 14 });
    expect(rowsInWindow(rows, 1000, 500, 150)).toEqual({ first: 8, last: 16 });
    expect(rowsInWindow(rows, 9800, 500)).toEqual({ first: 98, last: 99 });
  });
});

describe('alignedTop', () => {
  const rows = new RowHeights(Array.from({ length: 100 }, () => 100));

  it('puts a row at the top, bottom or middle, within the scroll range', () => {
    expect(alignedTop(rows, 50, 400, 'start', 0)).toBe(5000);
    expect(alignedTop(rows, 50, 400, 'end', 0)).toBe(4700);
    expect(alignedTop(rows, 50, 400, 'center', 0)).toBe(4850);
    expect(alignedTop(rows, 0, 400, 'center', 0)).toBe(0);
    expect(alignedTop(rows, 99, 400, 'start', 0)).toBe(9600);
  });

  it('moves only as far as needed with auto', () => {
    expect(alignedTop(rows, 5, 400, 'auto', 300)).toBe(300);
    expect(alignedTop(rows, 8, 400, 'auto', 300)).toBe(500);
    expect(alignedTop(rows, 1, 400, 'auto', 300)).toBe(100);
  });

  it('shows the top of a row taller than the viewport, not its middle or its end', () => {
    const tall = new RowHeights([100, 100, 900, 100, 100, 100, 100, 100]);
    expect(alignedTop(tall, 2, 400, 'center', 0)).toBe(200);
    // Below the viewport, auto stops at its top rather than scrolling on to its end.
    expect(alignedTop(tall, 2, 400, 'auto', 0)).toBe(200);
    expect(alignedTop(tall, 2, 400, 'auto', 600)).toBe(200);
    // Its top already in view but not at the top: auto brings the top up, as much of it as fits.
    expect(alignedTop(tall, 2, 400, 'auto', 150)).toBe(200);
    // The end of the run still asks for the end.
    expect(alignedTop(tall, 2, 400, 'end', 0)).toBe(700);
  });
});

describe('scrollScale', () => {
  it('maps one to one below the cap', () => {
    const scale = scrollScale(50_000, 800);
    expect([scale.height, scale.ratio, scale.toVirtual(1234), scale.toScroll(1234)]).toEqual([50_000, 1, 1234, 1234]);
  });

  it('caps the scroll height of a taller list and still reaches both ends', () => {
    const total = 100_000_000;
    const viewport = 800;
    const scale = scrollScale(total, viewport);
    expect(scale.height).toBe(MAX_SCROLL_HEIGHT);
    expect(scale.toVirtual(0)).toBe(0);
    expect(scale.toVirtual(MAX_SCROLL_HEIGHT - viewport)).toBeCloseTo(total - viewport);
    expect(scale.toScroll(scale.toVirtual(777_777))).toBeCloseTo(777_777);
  });
});

describe('slackHeight', () => {
  it('keeps the height while it holds every row and at most twice the slack more', () => {
    expect(slackHeight(10_000, 10_500, 500)).toBe(10_500);
    expect(slackHeight(10_000, 10_000, 500)).toBe(10_000);
    expect(slackHeight(10_000, 11_000, 500)).toBe(11_000);
  });

  it('steps to the rows plus the slack when the rows outgrow it or shrink well below it', () => {
    expect(slackHeight(10_001, 10_000, 500)).toBe(10_501);
    expect(slackHeight(9_000, 11_000, 500)).toBe(9_500);
    expect(slackHeight(5_000, -1, 500)).toBe(5_500);
  });

  it('changes rarely while measures nudge the total up and down', () => {
    let height = 100_000;
    let total = 100_000;
    let changes = 0;
    for (let k = 0; k < 200; k++) {
      total += k % 3 === 0 ? -20 : 25;
      const next = slackHeight(total, height, 800);
      if (next !== height) changes++;
      height = next;
      expect(height).toBeGreaterThanOrEqual(total);
    }
    expect(changes).toBeLessThan(10);
  });
});

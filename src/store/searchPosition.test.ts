import { describe, expect, it } from 'vitest';
import { positionAmong, stepAmong } from './searchPosition';

const rows = Int32Array.from([3, 8, 20, 41]);

describe('positionAmong', () => {
  it('is the selected match’s place from 1, 0 when the selection is no match or there is none', () => {
    expect(positionAmong(rows, 3)).toBe(1);
    expect(positionAmong(rows, 41)).toBe(4);
    expect(positionAmong(rows, 9)).toBe(0);
    expect(positionAmong(rows, undefined)).toBe(0);
    expect(positionAmong(new Int32Array(0), 3)).toBe(0);
  });
});

describe('stepAmong', () => {
  it('goes to the next and previous match, round the ends', () => {
    expect(stepAmong(rows, 8, 1)).toBe(20);
    expect(stepAmong(rows, 8, -1)).toBe(3);
    expect(stepAmong(rows, 41, 1)).toBe(3);
    expect(stepAmong(rows, 3, -1)).toBe(41);
  });

  it('from a message that is no match, to the nearest match that way', () => {
    expect(stepAmong(rows, 10, 1)).toBe(20);
    expect(stepAmong(rows, 10, -1)).toBe(8);
    expect(stepAmong(rows, 50, 1)).toBe(3);
    expect(stepAmong(rows, 0, -1)).toBe(41);
  });

  it('without a selection, to the first (or the last going back); with no matches, nowhere', () => {
    expect(stepAmong(rows, undefined, 1)).toBe(3);
    expect(stepAmong(rows, undefined, -1)).toBe(41);
    expect(stepAmong(new Int32Array(0), 3, 1)).toBeUndefined();
    expect(stepAmong(Int32Array.from([5]), 5, 1)).toBe(5);
  });
});

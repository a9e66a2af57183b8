import { describe, expect, it } from 'vitest';
import { formatGap } from '../text/time';
import { LONG_GAP_MS, timeGaps } from './timeGaps';

const NaN_ = Number.NaN;

describe('timeGaps', () => {
  it('measures each gap from the previous message that has a time, skipping those without', () => {
    const { gap } = timeGaps(new Float64Array([1000, NaN_, 3500, 3500, NaN_, 10_000]));
    expect([...gap]).toEqual([NaN_, NaN_, 2500, 0, NaN_, 6500]);
  });

  it('a long gap is at least 30 s and five times the median gap', () => {
    // Gaps of 2 s with one of 40 s and one of 5 min: the median is 2 s, so both stand out.
    const times = [0, 2000, 4000, 44_000, 46_000, 346_000, 348_000].map((ms) => ms + 1.7e12);
    const { gap, longFrom } = timeGaps(new Float64Array(times));
    expect(longFrom).toBe(LONG_GAP_MS);
    expect([...gap].map((g) => g >= longFrom)).toEqual([false, false, false, true, false, true, false]);
  });

  it('in a run of minute-long steps, only a pause far longer than the rest stands out', () => {
    const steps = [0, 60_000, 130_000, 185_000, 250_000, 3_850_000, 3_910_000];
    const { gap, longFrom } = timeGaps(new Float64Array(steps));
    expect(longFrom).toBe(5 * 62_500);
    expect([...gap].filter((g) => g >= longFrom)).toEqual([3_600_000]);
  });

  it('times out of order give negative gaps, which never stand out; no times, no gaps', () => {
    const { gap, longFrom } = timeGaps(new Float64Array([5000, 1000]));
    expect(gap[1]).toBe(-4000);
    expect(gap[1]! >= longFrom).toBe(false);
    expect([...timeGaps(new Float64Array([NaN_, NaN_])).gap]).toEqual([NaN_, NaN_]);
  });
});

describe('formatGap', () => {
  it.each([
    [0, '+0 ms'],
    [120, '+120 ms'],
    [2300, '+2.3 s'],
    [3000, '+3 s'],
    [45_400, '+45 s'],
    [125_900, '+2.1 min'],
    [240_000, '+4 min'],
    [1_380_000, '+23 min'],
    [5_400_000, '+1.5 h'],
    [3 * 86_400_000, '+3 d'],
    [-2000, '−2 s'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatGap(ms)).toBe(text);
  });
});

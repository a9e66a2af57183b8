import { describe, expect, it } from 'vitest';
import { contextGrowth } from '../../core/analytics/contextGrowth';
import { ai, build, human, usage } from '../../core/testing/messages';
import { chartSeries, pointOf, xRange } from './chartData';

describe('chartSeries', () => {
  const growth = contextGrowth(
    build(
      human(),
      ai({ model: 'claude-sonnet-4-5', usage: usage(1000, 5, undefined, { cacheRead: 0 }) }),
      ai({ model: 'claude-sonnet-4-5', usage: usage(3000, 5) }),
      human(),
      ai({ model: 'mystery', usage: usage(2000, 5, undefined, { cacheRead: 1500 }) }),
    ),
  );

  it('x is the message index, an unreported cached part is a gap, the window follows each turn’s model', () => {
    const s = chartSeries(growth);
    expect([...s.x]).toEqual([1, 2, 4]);
    expect([...s.input]).toEqual([1000, 3000, 2000]);
    expect(s.cached).toEqual([0, null, 1500]);
    expect(s.window).toEqual([200_000, 200_000, null]);
    expect(s.maxInput).toBe(3000);
    expect(s.maxWindow).toBe(200_000);
  });

  it('no window series when no turn’s model has a known window', () => {
    const s = chartSeries(contextGrowth(build(ai({ model: 'mystery', usage: usage(1, 1) }))));
    expect(s.window).toBeUndefined();
    expect(s.windows).toEqual([]);
  });

  it('finds a selected message among the points, and pads the x range', () => {
    const { x } = chartSeries(growth);
    expect(pointOf(x, 4)).toBe(2);
    expect(pointOf(x, 1)).toBe(0);
    expect(pointOf(x, 3)).toBe(-1);
    expect(pointOf(x, undefined)).toBe(-1);
    expect(xRange(x)).toEqual([0.5, 4.5]);
  });
});

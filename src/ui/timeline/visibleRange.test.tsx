// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearVisibleRows, setVisibleRows, useOffscreen, useVisibleRange } from './visibleRange';

const every = (count: number) => Int32Array.from({ length: count }, (_, i) => i);

describe('the visible range', () => {
  it('tells what is drawn beside the rows when the viewport moves, and only then', () => {
    const rows = every(100);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return { range: useVisibleRange(), where: useOffscreen(40, 10), back: useOffscreen(40, 50) };
    });
    act(() => setVisibleRows(rows, 0, 20));
    expect(result.current).toEqual({ range: { first: 0, last: 20 }, where: 'below', back: 'above' });
    act(() => setVisibleRows(rows, 30, 50));
    expect(result.current.where).toBeNull();
    const before = renders;
    act(() => setVisibleRows(rows, 30, 50));
    expect(renders).toBe(before);
    act(() => setVisibleRows(rows, 45, 60));
    expect(result.current.back).toBe('above');
    act(() => clearVisibleRows(rows));
    expect(result.current).toEqual({ range: { first: 0, last: -1 }, where: null, back: null });
  });

  it('says a message a filter hides is off screen, the way it lies from the link, even inside the range shown', () => {
    // Messages 3 and 5 are hidden; 0–6 less those are all in view.
    const rows = Int32Array.from([0, 1, 2, 4, 6]);
    const { result } = renderHook(() => ({ toThree: useOffscreen(3, 2), backToTwo: useOffscreen(2, 5), toFour: useOffscreen(4, 2) }));
    act(() => setVisibleRows(rows, 0, 4));
    expect(result.current).toEqual({ toThree: 'below', backToTwo: null, toFour: null });
    act(() => setVisibleRows(rows, 3, 4));
    expect(result.current).toEqual({ toThree: 'below', backToTwo: 'above', toFour: null });
  });

  it('points from the link, not from the viewport: a target past a link drawn below the viewport is further down', () => {
    const rows = every(100);
    const { result } = renderHook(() => ({ down: useOffscreen(60, 55), up: useOffscreen(52, 55) }));
    // The link's own card (55) is drawn below the viewport (its overscan): 52 is above it, though below the viewport.
    act(() => setVisibleRows(rows, 30, 50));
    expect(result.current).toEqual({ down: 'below', up: 'above' });
  });

  it('shows no chip before a viewport is known', () => {
    const rows = every(10);
    const { result } = renderHook(() => useOffscreen(9, 0));
    act(() => setVisibleRows(rows, 0, -1));
    expect(result.current).toBeNull();
  });
});

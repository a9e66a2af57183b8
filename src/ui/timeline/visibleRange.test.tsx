// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setVisibleRange, useOffscreen, useVisibleRange } from './visibleRange';

describe('the visible range', () => {
  it('tells what is drawn beside the rows when the viewport moves, and only then', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return { range: useVisibleRange(), where: useOffscreen(40) };
    });
    act(() => setVisibleRange({ first: 0, last: 20 }));
    expect(result.current).toEqual({ range: { first: 0, last: 20 }, where: 'below' });
    act(() => setVisibleRange({ first: 30, last: 50 }));
    expect(result.current.where).toBeNull();
    const before = renders;
    act(() => setVisibleRange({ first: 30, last: 50 }));
    expect(renders).toBe(before);
    act(() => setVisibleRange({ first: 45, last: 60 }));
    expect(result.current.where).toBe('above');
  });
});

import { describe, expect, it } from 'vitest';
import { overLimits } from './recentLimits';

const entry = (id: string, size: number, savedAt: number) => ({ id, size, savedAt });

describe('overLimits', () => {
  it('drops the oldest past the count', () => {
    const entries = [entry('a', 1, 1), entry('b', 1, 3), entry('c', 1, 2)];
    expect(overLimits(entries, { entries: 2, bytes: 100 })).toEqual(['a']);
  });

  it('drops the oldest past the total size, keeping smaller older ones that fit', () => {
    const entries = [entry('new', 60, 5), entry('big', 50, 4), entry('small', 10, 3), entry('old', 40, 1)];
    expect(overLimits(entries, { entries: 10, bytes: 100 })).toEqual(['big', 'old']);
  });

  it('always keeps the newest, however large', () => {
    expect(overLimits([entry('huge', 500, 2), entry('b', 1, 1)], { entries: 10, bytes: 100 })).toEqual(['b']);
  });
});

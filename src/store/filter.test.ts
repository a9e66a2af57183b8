import { describe, expect, it } from 'vitest';
import type { Role } from '../core/model';
import { visibleRows } from './filter';
import { testMessage, testView } from './testing/transcript';

const view = testView([testMessage(0, 'system'), testMessage(1, 'human'), testMessage(2, 'ai'), testMessage(3, 'tool')]);
const rows = (hidden: Role[], hits: Int32Array | null) => [...visibleRows(view, hidden, hits)];

describe('visibleRows', () => {
  it('shows everything without filters', () => {
    expect(rows([], null)).toEqual([0, 1, 2, 3]);
  });

  it('hides roles', () => {
    expect(rows(['system', 'tool'], null)).toEqual([1, 2]);
  });

  it('shows the search hits, less roles hidden since', () => {
    expect(rows([], Int32Array.from([1, 3]))).toEqual([1, 3]);
    expect(rows(['tool'], Int32Array.from([1, 3]))).toEqual([1]);
  });
});

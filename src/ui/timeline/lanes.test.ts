import { describe, expect, it } from 'vitest';
import { assignLanes } from './lanes';

describe('assignLanes', () => {
  it('puts disjoint spans in the same lane', () => {
    expect(
      assignLanes([
        { start: 0, end: 2 },
        { start: 3, end: 5 },
      ]),
    ).toEqual([0, 0]);
  });

  it('separates overlapping spans, and spans that touch at a row', () => {
    expect(
      assignLanes([
        { start: 0, end: 4 },
        { start: 2, end: 6 },
        { start: 4, end: 8 },
      ]),
    ).toEqual([0, 1, 2]);
  });

  it('reuses the lowest freed lane', () => {
    const lanes = assignLanes([
      { start: 0, end: 10 },
      { start: 1, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 12 },
    ]);
    expect(lanes).toEqual([0, 1, 1, 1]);
  });

  it('answers in input order whatever the order of starts', () => {
    expect(
      assignLanes([
        { start: 5, end: 6 },
        { start: 0, end: 5 },
      ]),
    ).toEqual([1, 0]);
  });

  it('uses as many lanes as the deepest overlap', () => {
    const spans = Array.from({ length: 50 }, (_, i) => ({ start: i, end: i + 3 }));
    expect(Math.max(...assignLanes(spans)) + 1).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonParts } from './jsonParts';

const finding = (i: number) => ({ rule: 'orphan-tool-call', messageIndex: i, messageId: null, text: `line\n"${i}"`, related: [i, i + 1] });
const many = (n: number) => Array.from({ length: n }, (_, i) => finding(i));

describe('jsonParts', () => {
  it.each([
    ['a primitive', 'text'],
    ['an empty array and object', { a: [], b: {} }],
    ['short arrays, written whole', { findings: [finding(0), finding(1)], notes: ['x'] }],
    ['a long array at the top', Array.from({ length: 100 }, (_, i) => i)],
    ['a long array of objects, more than one batch', many(600)],
    ['a long array in an object, as a report has its findings', { format: 'x', findings: many(700), notes: [] }],
    [
      'long arrays in objects in arrays',
      {
        verdicts: [
          { target: 'x', problems: many(70) },
          { target: 'y', problems: [] },
        ],
        count: 3,
      },
    ],
    ['plain elements around one holding a long array', [...many(3), { problems: many(80) }, ...many(300)]],
    ['a long array deeper than is looked for, written whole', [[[[[many(70)]]]]]],
    ['members and elements with no JSON form', { gone: undefined, f: () => 1, kept: [undefined, () => 1, ...Array.from({ length: 70 }, () => 0)] }],
  ])('gives the text JSON.stringify gives: %s', (_name, value) => {
    expect([...jsonParts(value)].join('')).toBe(JSON.stringify(value, null, 2));
  });

  it('writes a long array in parts of a bounded size, so no part grows with the number of findings', () => {
    const small = [...jsonParts({ format: 'x', findings: many(1000) })];
    const large = [...jsonParts({ format: 'x', findings: many(10_000) })];
    const longest = (parts: string[]) => Math.max(...parts.map((part) => part.length));
    expect(longest(large)).toBeLessThan(JSON.stringify(many(300), null, 4).length);
    expect(longest(large)).toBeLessThanOrEqual(longest(small) * 1.1);
    expect(large.length).toBeGreaterThan(small.length * 5);
  });
});

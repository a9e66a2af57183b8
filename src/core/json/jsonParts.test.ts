import { describe, expect, it } from 'vitest';
import { jsonParts } from './jsonParts';

const finding = (i: number) => ({ rule: 'orphan-tool-call', messageIndex: i, messageId: null, text: `line\n"${i}"`, related: [i, i + 1] });

describe('jsonParts', () => {
  it.each([
    ['a primitive', 'text'],
    ['an empty array and object', { a: [], b: {} }],
    ['short arrays, written whole', { findings: [finding(0), finding(1)], notes: ['x'] }],
    ['a long array at the top', Array.from({ length: 100 }, (_, i) => i)],
    ['long arrays in objects in arrays', { verdicts: [{ target: 'x', problems: Array.from({ length: 70 }, (_, i) => finding(i)) }], count: 3 }],
    ['members and elements with no JSON form', { gone: undefined, f: () => 1, kept: [undefined, ...Array.from({ length: 70 }, () => 0)] }],
  ])('gives the text JSON.stringify gives: %s', (_name, value) => {
    expect([...jsonParts(value)].join('')).toBe(JSON.stringify(value, null, 2));
  });

  it('writes a long array an element a part, so no part grows with the number of findings', () => {
    const findings = Array.from({ length: 1000 }, (_, i) => finding(i));
    const parts = [...jsonParts({ format: 'x', findings })];
    const longest = Math.max(...parts.map((part) => part.length));
    expect(longest).toBeLessThan(JSON.stringify(finding(999), null, 6).length);
    expect(parts.filter((part) => part.includes('"rule"'))).toHaveLength(1000);
  });
});

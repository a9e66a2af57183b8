import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from './depth';
import { INDENTED_LEVELS, indentedJson } from './indented';
import { jsonParts } from './jsonParts';

/** Arrays nested `levels` deep, the innermost empty. */
function arrays(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

/** Objects nested `levels` deep, with a scalar and an empty container beside each. */
function objects(levels: number): unknown {
  let value: unknown = { leaf: 'x\ny', empty: [] };
  for (let i = 1; i < levels; i++) value = { n: i, gone: undefined, inner: value, list: [i, null] };
  return value;
}

describe('indentedJson', () => {
  it.each([
    ['a scalar', 'text'],
    ['nothing', undefined],
    ['empty containers', { a: [], b: {} }],
    ['members with no JSON form', { gone: undefined, f: () => 1, kept: [undefined, () => 1, 0] }],
    ['objects exactly as deep as is indented', objects(INDENTED_LEVELS)],
    ['arrays exactly as deep as is indented', arrays(INDENTED_LEVELS)],
  ])('is JSON.stringify(value, null, 2) for a value no deeper than the indented levels: %s', (_name, value) => {
    expect(indentedJson(value)).toBe(JSON.stringify(value, null, 2));
  });

  it.each([
    ['arrays', arrays(MAX_DEPTH)],
    ['objects', objects(MAX_DEPTH)],
    [
      'a deep value among shallow ones',
      {
        messages: [
          { role: 'user', text: 'hi' },
          { role: 'ai', raw: { content: [objects(MAX_DEPTH - 3)] } },
        ],
      },
    ],
    [
      'a `__proto__` key beside a deep value, as JSON.parse makes it',
      JSON.parse(`{"__proto__": {"x": [1]}, "deep": ${JSON.stringify(arrays(MAX_DEPTH - 1))}}`) as unknown,
    ],
    ['elements with no JSON form beside a deep one', [undefined, () => 1, arrays(MAX_DEPTH - 1), { gone: undefined }]],
  ])('writes %s deeper than that with the same parse result, indenting no line past the indented levels', (_name, value) => {
    const text = indentedJson(value) ?? '';
    // Compared as text: toEqual would not see a `__proto__` key lost.
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));
    const widest = Math.max(...text.split('\n').map((line) => line.length - line.trimStart().length));
    expect(widest).toBeLessThanOrEqual(2 * INDENTED_LEVELS);
  });

  it('grows linearly with depth, not with its square', () => {
    // 256 levels of arrays are 512 bytes of brackets; indented all the way down they wrote 132 KB.
    const compact = JSON.stringify(arrays(MAX_DEPTH)).length;
    expect((indentedJson(arrays(MAX_DEPTH)) ?? '').length).toBeLessThan(compact + 4 * INDENTED_LEVELS * INDENTED_LEVELS);
  });

  it('counts the levels of the document it is part of', () => {
    const value = { a: { b: { c: [1] } } };
    // It holds four levels of containers: placed four above the last indented level, all four are indented.
    expect(indentedJson(value, INDENTED_LEVELS - 4)).toBe(JSON.stringify(value, null, 2));
    expect(indentedJson(value, INDENTED_LEVELS - 3)).toBe('{\n  "a": {\n    "b": {\n      "c": [1]\n    }\n  }\n}');
  });
});

describe('jsonParts of deep values', () => {
  it('gives the text indentedJson gives, in parts as for shallow values', () => {
    const value = { findings: Array.from({ length: 300 }, (_, i) => ({ i, deep: i % 100 === 0 ? objects(MAX_DEPTH - 4) : [i] })), deep: arrays(MAX_DEPTH) };
    expect([...jsonParts(value)].join('')).toBe(indentedJson(value));
  });
});

import { describe, expect, it } from 'vitest';
import { assignFields, describeShape, isRecord, kindOf, ownField, parseJson, preview, setField } from './value';

describe('value helpers', () => {
  it('parses JSON text and says when it is not JSON', () => {
    expect([parseJson('{"a":1}'), parseJson('null'), parseJson('plain'), parseJson('')]).toEqual([{ value: { a: 1 } }, { value: null }, undefined, undefined]);
  });

  it('tells objects from arrays and null', () => {
    expect([{}, [], null, 'x'].map(isRecord)).toEqual([true, false, false, false]);
    expect([1, 'x', true, null, [], {}].map(kindOf)).toEqual(['a number', 'a string', 'a boolean', 'null', 'an array', 'an object']);
  });

  it('describes a shape by its first keys and list sizes', () => {
    expect(describeShape({ model: 'x', messages: [1, 2] })).toBe('an object with keys model, messages (2 items)');
    expect(describeShape(Object.fromEntries('abcdefghij'.split('').map((k) => [k, 1])))).toBe('an object with keys a, b, c, d, e, f, g, h, ...');
    expect(describeShape([{ role: 'user' }])).toBe('an array of 1 whose first element is an object with keys role');
    expect(describeShape([])).toBe('an empty array');
    expect(describeShape({})).toBe('an empty object');
  });

  it('previews compact JSON, cut with an ellipsis', () => {
    expect(preview({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(preview('plain text')).toBe('plain text');
    expect(preview('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('copies a __proto__ key as a field, never as the prototype', () => {
    const source = JSON.parse('{"__proto__": {"content": "fake"}, "role": "user"}') as Record<string, unknown>;
    const assigned = assignFields({}, source);
    const set: Record<string, unknown> = {};
    setField(set, '__proto__', { content: 'fake' });
    for (const copy of [assigned, set]) {
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(copy.content).toBeUndefined();
      expect(Object.keys(copy)).toContain('__proto__');
    }
    expect(assigned.role).toBe('user');
  });

  it("reads only a record's own fields by an input key", () => {
    expect([ownField({}, 'constructor'), ownField({}, '__proto__'), ownField({}, 'toString'), ownField({ a: 1 }, 'a')]).toEqual([
      undefined,
      undefined,
      undefined,
      1,
    ]);
  });
});

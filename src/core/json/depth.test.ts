import { describe, expect, it } from 'vitest';
import { capDepth, depthNote, MAX_DEPTH, stringifyAnyDepth, writeJson } from './depth';
import { parseInput } from './parseInput';
import { describeShape, preview, printed } from './value';

/** `levels` arrays, one in the other, around `leaf`: `nested(2, '1')` is `[[1]]`. */
const nested = (levels: number, leaf = '1'): string => '['.repeat(levels) + leaf + ']'.repeat(levels);

/** The value `levels` arrays down (`[0]` at each level). */
function down(value: unknown, levels: number): unknown {
  let at = value;
  for (let i = 0; i < levels; i++) at = (at as unknown[])[0];
  return at;
}

describe('capDepth', () => {
  it('keeps MAX_DEPTH levels and writes what is deeper as its JSON text, in place', () => {
    const exact = JSON.parse(nested(MAX_DEPTH)) as unknown;
    expect(capDepth(exact)).toBeUndefined();
    expect(down(exact, MAX_DEPTH)).toBe(1);

    const deeper = JSON.parse(nested(10_000)) as unknown;
    expect(capDepth(deeper)).toEqual({ count: 1, paths: [Array.from({ length: MAX_DEPTH }, () => 0)] });
    expect(down(deeper, MAX_DEPTH - 1)).toEqual([nested(10_000 - MAX_DEPTH)]);
  });

  it('cuts objects too, counts every cut and keeps the paths of the first three', () => {
    const deepObject = '{"a":'.repeat(300) + '1' + '}'.repeat(300);
    const value = JSON.parse(`{"messages": [${[1, 2, 3, 4].map(() => `{"content": ${deepObject}}`).join(',')}], "ok": [1, 2]}`) as {
      messages: { content: unknown }[];
      ok: unknown;
    };
    const cuts = capDepth(value);
    expect(cuts?.count).toBe(4);
    expect(cuts?.paths.map((path) => path.slice(0, 4))).toEqual([
      ['messages', 0, 'content', 'a'],
      ['messages', 1, 'content', 'a'],
      ['messages', 2, 'content', 'a'],
    ]);
    expect(cuts?.paths[0]).toHaveLength(MAX_DEPTH);
    expect(value.ok).toEqual([1, 2]);
    expect(JSON.stringify(value).length).toBeLessThan(4 * deepObject.length * 2);
  });

  it('cuts JSON Lines line by line, and the note names the line', () => {
    const text = ['{"role": "user", "content": "hi"}', `{"role": "assistant", "content": ${nested(5000, '"x"')}}`, '{"role": "user", "content": "bye"}'].join(
      '\n',
    );
    const parsed = parseInput(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.input.deep?.count).toBe(1);
    const note = depthNote(parsed.input.deep!, parsed.input.lineOf);
    expect(note).toBe(
      `A value at line 2, content[0][0][0][0][0]… nests deeper than ${MAX_DEPTH} levels: from level ${MAX_DEPTH} on it is kept as its JSON text.`,
    );
  });
});

describe('writing JSON at any depth', () => {
  const samples: unknown[] = [
    { a: [1, 'two', null, true, { b: [] }, {}], c: undefined, d: () => 1, 'e"f': -0, g: Number.NaN },
    [undefined, () => 1, [[]], 'x\n"y"'],
    [],
    {},
    'plain',
    12.5,
    null,
  ];

  it.each([0, 2])('writes what JSON.stringify writes, indent %i', (indent) => {
    for (const value of samples) expect(writeJson(value, indent)).toBe(JSON.stringify(value, null, indent));
    expect(writeJson(undefined)).toBeUndefined();
  });

  it('writes values deeper than the engine can, and stops past `max` characters', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = { a: [deep] };
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyAnyDepth(deep)!;
    expect(text.length).toBe(50_000 * '{"a":[]}'.length + 1);
    expect(text.startsWith('{"a":[{"a":[')).toBe(true);
    expect(writeJson(deep, 0, 100)!.length).toBeLessThan(120);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => writeJson(cycle)).toThrow(TypeError);
  });
});

describe('texts that quote input', () => {
  const arrays5000 = JSON.parse(nested(5000)) as unknown;

  it('describe a shape in a few hundred characters, however deep or wide', () => {
    expect(describeShape(arrays5000)).toBe('an array of 1 whose first element is an array of 1 whose first element is an array of 1 whose first element is …');
    const wide = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${'k'.repeat(10_000)}${i}`, [1]]));
    expect(describeShape(wide).length).toBeLessThan(500);
  });

  it('preview and print a deep or long value without writing all of it', () => {
    expect(preview(arrays5000)).toHaveLength(160);
    expect(
      preview(
        Array.from({ length: 1_000_000 }, () => 'x'),
        20,
      ),
    ).toBe('["x","x","x","x","x…');
    expect(printed(arrays5000).length).toBeLessThanOrEqual(200);
    expect([printed(3), printed('a b'), printed({})]).toEqual(['3', 'a b', '[object Object]']);
  });
});

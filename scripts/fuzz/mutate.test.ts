import { describe, expect, it } from 'vitest';
import {
  WIDE_VALUE_CHARS,
  deepText,
  JsonDoc,
  mutateBytes,
  mutateJson,
  mutateText,
  nodesOf,
  positionIn,
  PROTO_MARK,
  shapeOf,
  swapType,
  type Bytes,
  type JsonMutation,
} from './mutate';

const bytes = (text: string): Bytes => new TextEncoder().encode(text);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

/** `root` after `mutations`, as JSON text. */
function mutated(root: unknown, ...mutations: JsonMutation[]): string {
  const doc = new JsonDoc(structuredClone(root));
  for (const m of mutations) mutateJson(doc, m);
  return doc.serialize(undefined, false);
}

describe('byte mutations', () => {
  it('take any natural number as a position, 0 being the start', () => {
    expect(positionIn(0, 5)).toBe(0);
    expect(positionIn(7, 5)).toBe(1);
    expect(positionIn(5, 5)).toBe(5);
    expect(positionIn(123, 0)).toBe(0);
  });

  it('flip one bit, set a byte, truncate, insert, delete and repeat', () => {
    const input = bytes('{"a":1}');
    expect(text(mutateBytes(input, { op: 'flip', pos: 1, bit: 0 }))).toBe('{#a":1}');
    expect(text(mutateBytes(input, { op: 'set', pos: 0, byte: 0x5b }))).toBe('["a":1}');
    expect(text(mutateBytes(input, { op: 'truncate', pos: 3 }))).toBe('{"a');
    expect([...mutateBytes(input, { op: 'insert', pos: 0, insert: 'utf8-bom' }).subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x7b]);
    expect(text(mutateBytes(input, { op: 'delete', pos: 1, length: 4 }))).toBe('{1}');
    expect(text(mutateBytes(input, { op: 'repeat', pos: 0, length: 1, times: 3 }))).toBe('{{{"a":1}');
  });

  it('leave the input unchanged and work on empty input', () => {
    const input = bytes('abc');
    mutateBytes(input, { op: 'flip', pos: 0, bit: 3 });
    expect(text(input)).toBe('abc');
    const empty = new Uint8Array(0);
    expect(mutateBytes(empty, { op: 'flip', pos: 9, bit: 1 })).toHaveLength(0);
    expect([...mutateBytes(empty, { op: 'set', pos: 9, byte: 0x41 })]).toEqual([0x41]);
    expect(mutateBytes(empty, { op: 'truncate', pos: 9 })).toHaveLength(0);
    expect([...mutateBytes(empty, { op: 'insert', pos: 9, insert: 'cesu8-lone-surrogate' })]).toEqual([0xed, 0xa0, 0x80]);
  });
});

describe('text mutations', () => {
  it('repeat, drop and insert lines', () => {
    expect(mutateText('a\nb\nc', { op: 'line-repeat', line: 1, times: 2 })).toBe('a\nb\nb\nb\nc');
    expect(mutateText('a\nb\nc', { op: 'line-drop', line: 4 })).toBe('a\nc');
    expect(mutateText('a\nb', { op: 'line-insert', line: 0, text: 'x' })).toBe('x\na\nb');
  });

  it('repeat a slice and add a run of one character up to a target size', () => {
    const repeated = mutateText("X(content='a', ", { op: 'slice-repeat', pos: 1, length: 9, target: 90 });
    expect(repeated).toBe(`X${'(content='.repeat(10)}'a', `);
    expect(mutateText('ab', { op: 'char-run', pos: 1, char: '=', target: 5 })).toBe('a=====b');
  });
});

describe('the JSON tree', () => {
  it('is walked in pre-order without recursion, own __proto__ keys included', () => {
    const root: unknown = JSON.parse('{"a":[1,{"__proto__":{"x":2}}],"b":"s"}');
    expect(nodesOf(root).map((ref) => ref.key)).toEqual(['', 'a', 0, 1, '__proto__', 'x', 'b']);
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nodesOf(deep)).toHaveLength(100_001);
  });

  it('writes raw text where JSON has no value (NaN, 1e400, -0) and nesting deeper than JSON.stringify goes', () => {
    expect(mutated({ n: 1 }, { op: 'special-number', node: 0, token: 'NaN' })).toBe('{"n":NaN}');
    expect(mutated([1, 2], { op: 'special-number', node: 1, token: '1e400' })).toBe('[1,1e400]');
    expect(mutated({ id: 'x' }, { op: 'number-id', node: 0, value: -0 })).toBe('{"id":-0}');
    const deep = mutated({ args: {} }, { op: 'deep', node: 1, depth: 100_000, kind: 'array', closed: true });
    expect(deep).toHaveLength('{"args":}'.length + 2 * 100_000 + 2);
    expect(deep.startsWith('{"args":[[[')).toBe(true);
    expect(mutated([0], { op: 'deep', node: 1, depth: 3, kind: 'object', closed: false })).toBe('[{"a":{"a":{"a":0]');
  });

  it('swaps a value to each other type, keeping what it can', () => {
    expect(swapType('12', 'number')).toBe(12);
    expect(swapType('abc', 'number')).toBe(3);
    expect(swapType(5, 'string')).toBe('5');
    expect(swapType({ a: 1 }, 'string')).toBe('{"a":1}');
    expect(swapType({ a: 1 }, 'array')).toEqual([1]);
    expect(swapType(['x'], 'object')).toEqual({ 0: 'x' });
    expect(swapType('s', 'null')).toBeNull();
    expect(swapType(null, 'array')).toEqual([]);
    expect(swapType(0, 'boolean')).toBe(false);
    expect(swapType([], 'boolean')).toBe(true);
  });

  it('adds prototype keys as own keys of the JSON text, never as a cycle', () => {
    const message = { role: 'user', content: 'hi' };
    const withMessage = mutated(message, { op: 'proto-key', node: 0, key: '__proto__', payload: 'message', rename: false });
    const parsed = JSON.parse(withMessage) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['role', 'content', '__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(JSON.stringify(parsed.__proto__)).toContain(PROTO_MARK);
    for (const payload of ['self', 'array'] as const) {
      expect(() => mutated(message, { op: 'proto-key', node: 0, key: 'constructor', payload, rename: false }, { op: 'drop', node: 3 })).not.toThrow();
    }
    expect(mutated(message, { op: 'proto-key', node: 0, key: 'prototype', payload: 'null', rename: true })).toBe('{"content":"hi","prototype":"user"}');
  });

  it('puts lone surrogates and BOMs into strings and keys, as JSON escapes', () => {
    const inValue = mutated({ t: 'ab' }, { op: 'lone-surrogate', node: 0, unit: 0xd800, pos: 1, inKey: false });
    expect(inValue).toBe('{"t":"a\\ud800b"}');
    expect((JSON.parse(inValue) as { t: string }).t).toBe('a\ud800b');
    expect(mutated({ t: 'ab' }, { op: 'lone-surrogate', node: 0, unit: 0xdfff, pos: 0, inKey: true })).toBe('{"t\\udfff":"ab"}');
    expect(mutated({ t: 'ab' }, { op: 'bom', node: 0 })).toBe('{"t":"\ufeffab"}');
  });

  it('turns ids into numbers, preferring values under keys that end in id', () => {
    expect(mutated({ name: 'n', tool_call_id: 'c1' }, { op: 'number-id', node: 0, value: 42 })).toBe('{"name":"n","tool_call_id":42}');
  });

  it('drops, duplicates, nests and replaces nodes without touching the plan they come from', () => {
    expect(mutated([1, 2, 3], { op: 'drop', node: 1 })).toBe('[1,3]');
    expect(mutated([1, 2], { op: 'duplicate', node: 1, times: 2 })).toBe('[1,2,2,2]');
    expect(mutated({ a: 1 }, { op: 'nest', node: 1, depth: 2, kind: 'array' })).toBe('{"a":[[1]]}');
    const value = { keep: true };
    mutated([0], { op: 'replace', node: 1, value }, { op: 'drop', node: 2 });
    expect(value).toEqual({ keep: true });
  });

  it('replicates the longest array up to a target size, with ids that differ only in the middle', () => {
    const history = { messages: [{ id: 'call_1', role: 'ai' }, { role: 'tool', tool_call_id: 'call_1' }, { role: 'human' }], meta: ['x', 'y'] };
    const out = JSON.parse(mutated(history, { op: 'replicate', node: 0, largest: true, target: 50_000, ids: 'middle' })) as {
      messages: { id?: string; tool_call_id?: string }[];
    };
    // Each copy's call and result still match.
    expect(out.messages[3]!.id).toBe(out.messages[4]!.tool_call_id);
    const ids = out.messages.map((m) => m.id).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(out).length).toBeGreaterThanOrEqual(50_000);
    expect(new Set(ids.map((id) => id.slice(0, 32) + id.slice(-32))).size).toBe(1);
    const kept = JSON.parse(mutated(history, { op: 'replicate', node: 1, largest: false, target: 100, ids: 'keep' })) as { meta: string[] };
    expect(new Set(kept.meta)).toEqual(new Set(['x', 'y']));
  });

  it('makes huge strings and wide objects', () => {
    expect(mutated({ t: 'x' }, { op: 'huge-string', node: 0, length: 1_000_000, pattern: 'equals' })).toHaveLength(1_000_000 + '{"t":""}'.length);
    // Sized by what the JSON text takes in UTF-8: emoji and escapes count what they write.
    const unicode = new TextEncoder().encode(mutated({ t: 'x' }, { op: 'huge-string', node: 0, length: 1_000_000, pattern: 'unicode' })).length;
    expect(unicode).toBeGreaterThanOrEqual(1_000_000);
    expect(unicode).toBeLessThan(1_000_100);
    expect(Object.keys(JSON.parse(mutated({ a: 1 }, { op: 'wide', node: 0, keys: 1000 })) as object)).toHaveLength(1001);
    // Wide with small values: a container under each new key would repeat the object's first value.
    expect(mutated({ a: [1, 2, 3] }, { op: 'wide', node: 0, keys: 2 })).toBe('{"a":[1,2,3],"a_0":[],"a_1":[]}');
    // Wide, not big: a long string is repeated only in part.
    const long = 'x'.repeat(5000);
    expect(mutated({ a: long }, { op: 'wide', node: 0, keys: 1000 }).length).toBeLessThan(long.length + 1000 * (WIDE_VALUE_CHARS + 16));
  });

  it('nests text of each kind, open or closed', () => {
    expect(deepText(2, 'array', '1', true)).toBe('[[1]]');
    expect(deepText(2, 'mixed', '1', true)).toBe('[{"a":[{"a":1}]}]');
    expect(deepText(1, 'content', '{}', false)).toBe('{"role":"user","content":[{}');
  });
});

describe('a fixture read for mutation', () => {
  it('is one JSON value, JSON Lines (lines that are not JSON kept as written) or text', () => {
    expect(shapeOf('\ufeff{"a":1}')).toEqual({ kind: 'json', value: { a: 1 } });
    const doc = new JsonDoc(undefined);
    const shape = shapeOf('{"a":1}\nnot json\n{"b":2}\n', (line) => doc.raw(line));
    expect(shape.kind).toBe('jsonl');
    if (shape.kind !== 'jsonl') return;
    doc.root = shape.lines;
    mutateJson(doc, { op: 'swap-type', node: 2, to: 'string' });
    expect(doc.serialize(undefined, true)).toBe('{"a":"1"}\nnot json\n{"b":2}\n');
    expect(shapeOf('AIMessage(content="x")').kind).toBe('text');
  });
});

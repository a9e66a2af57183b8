import { describe, expect, it } from 'vitest';
import { firstEqual, hashOf, IdIndex } from './idIndex';

describe('IdIndex', () => {
  it('numbers ids in the order first added and finds them again', () => {
    const index = new IdIndex();
    expect(['a', 'b', 'a', 'c', 'b'].map((id) => index.add(id))).toEqual([0, 1, 0, 2, 1]);
    expect([index.get('c'), index.get('d'), index.size]).toEqual([2, -1, 3]);
    expect(index.ids).toEqual(['a', 'b', 'c']);
  });

  it('keeps every id apart while growing far past its first size', () => {
    const index = new IdIndex(1);
    const ids = Array.from({ length: 5000 }, (_, i) => `call_${i}`);
    expect(ids.map((id) => index.add(id))).toEqual(ids.map((_, i) => i));
    expect(ids.map((id) => index.get(id))).toEqual(ids.map((_, i) => i));
  });

  it('tells apart long ids that share their ends, and the empty id', () => {
    const index = new IdIndex();
    const end = 'x'.repeat(40);
    const long = [`${end}a${end}`, `${end}b${end}`, `${end}${end}`];
    expect(long.map((id) => index.add(id))).toEqual([0, 1, 2]);
    expect([index.add(''), index.get(''), index.get(`${end}a${end}`)]).toEqual([3, 3, 0]);
  });
});

// Ids differing only in the middle (a prefix and a suffix shared, or padding) once got one hash:
// each lookup then compared its id with every earlier one, and 80k such ids took 30-50 s.
describe('hashOf on adversarial ids', () => {
  const pad = 'x'.repeat(40);
  const middle = Array.from({ length: 120_000 }, (_, i) => `${pad}${i}${pad}`);

  it('gives ids that differ only in the middle their own hashes', () => {
    // 120k random 32-bit hashes collide about twice.
    expect(new Set(middle.map(hashOf)).size).toBeGreaterThan(middle.length - 10);
  });

  it('spreads the table slot (the low bits) over ids that differ only in the high bits of their characters', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(0x61 + ((i & 0xff) << 8), 0x61 + ((i >> 8) << 8)) + pad);
    expect(new Set(ids.map((id) => hashOf(id) & 0x3ff)).size).toBeGreaterThan(1000);
  });

  it('compares only ids whose hashes match: about none among distinct ids', () => {
    const ids = middle.slice(0, 5000);
    let compared = 0;
    const same = (x: number, y: number): boolean => {
      compared++;
      return ids[x] === ids[y];
    };
    const repeats = firstEqual(Int32Array.from(ids, hashOf), new Uint8Array(ids.length).fill(1), same);
    expect(repeats).toEqual([]);
    expect(compared).toBeLessThan(10);
  });

  // Walking the earlier ones would take minutes.
  it('numbers 120k such ids without walking the earlier ones', { timeout: 60_000 }, () => {
    const index = new IdIndex();
    expect(middle.map((id) => index.add(id))).toEqual(middle.map((_, i) => i));
    expect(index.get(middle[60_000]!)).toBe(60_000);
  });
});

describe('firstEqual', () => {
  it('pairs each repeated key with its first occurrence, skipping absent keys', () => {
    const keys = ['a', 'b', 'a', '', 'b', 'a'];
    const present = Uint8Array.from(keys, (key) => (key === '' ? 0 : 1));
    const hashes = Int32Array.from(keys, hashOf);
    expect(firstEqual(hashes, present, (x, y) => keys[x] === keys[y])).toEqual([
      { at: 2, first: 0 },
      { at: 4, first: 1 },
      { at: 5, first: 0 },
    ]);
  });

  it('compares keys whose hashes collide', () => {
    const keys = ['a', 'b', 'c', 'b'];
    const same = (x: number, y: number): boolean => keys[x] === keys[y];
    expect(firstEqual(new Int32Array(4), new Uint8Array(4).fill(1), same)).toEqual([{ at: 3, first: 1 }]);
  });
});

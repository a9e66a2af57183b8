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

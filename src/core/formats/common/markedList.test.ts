import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import { scoreMarked, type Mark } from './markedList';

const classify = (element: unknown): Mark => (element === 'm' ? 'marked' : element === 'f' ? 'foreign' : 'plain');
const score = (list: unknown[], lineErrors?: Map<number, string>) =>
  scoreMarked(input(list, { jsonLines: lineErrors !== undefined, lineErrors }), { list, path: [] }, classify, 90);

describe('scoreMarked', () => {
  it('claims a list with a mark and nothing foreign', () => {
    expect(score(['p', 'p', 'p', 'm'])).toBe(90);
  });

  it('leaves plain lists and lists with a foreign element', () => {
    expect(score(['p', 'p'])).toBe(0);
    expect(score(['m', 'f'])).toBe(0);
    expect(score([])).toBe(0);
    expect(scoreMarked(input([]), undefined, classify, 90)).toBe(0);
  });

  it('samples the first 200 elements and skips bad JSON Lines', () => {
    expect(score([...Array<string>(200).fill('p'), 'm'])).toBe(0);
    expect(score(['f', 'm'], new Map([[0, 'bad line']]))).toBe(90);
  });
});

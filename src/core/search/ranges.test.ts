import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './query';
import { MAX_MARKS, matchRanges, splitAtRanges } from './ranges';

const patternOf = (input: string): RegExp => {
  const query = parseSearchQuery(input);
  if (query.kind !== 'text' && query.kind !== 'regex') throw new Error(`${input} is ${query.kind}`);
  return query.pattern;
};
/** The text cut at its matches, the matches in brackets. */
const marked = (text: string, input: string): string =>
  splitAtRanges(text, matchRanges(text, patternOf(input)))
    .map((piece) => (piece.hit ? `[${piece.text}]` : piece.text))
    .join('');

describe('matchRanges and splitAtRanges', () => {
  it('marks every match, ignoring case for words', () => {
    expect(marked('Weather, weather, WEATHER', 'weather')).toBe('[Weather], [weather], [WEATHER]');
    expect(marked('no match here', 'weather')).toBe('no match here');
    expect(marked('', 'x')).toBe('');
  });

  it('never marks overlapping matches twice: each starts after the one before ends', () => {
    expect(marked('aaaa', 'aa')).toBe('[aa][aa]');
    expect(marked('aaa', 'aa')).toBe('[aa]a');
    expect(marked('abcabc', '/abc|bca/')).toBe('[abc][abc]');
  });

  it('marks a whole match at the text’s ends and leaves no empty piece', () => {
    const pieces = splitAtRanges('xax', matchRanges('xax', patternOf('x')));
    expect(pieces).toEqual([
      { text: 'x', hit: true },
      { text: 'a', hit: false },
      { text: 'x', hit: true },
    ]);
  });

  it('keeps every character in one piece, whatever ranges it is given', () => {
    const text = 'hello world';
    const pieces = splitAtRanges(text, [
      { start: 0, end: 5 },
      { start: 3, end: 7 },
      { start: 9, end: 40 },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.filter((p) => p.hit).map((p) => p.text)).toEqual(['hello', ' w', 'ld']);
  });

  it('stops at the limit and leaves the rest plain', () => {
    const text = 'ab'.repeat(MAX_MARKS + 50);
    const ranges = matchRanges(text, patternOf('a'));
    expect(ranges).toHaveLength(MAX_MARKS);
    expect(matchRanges(text, patternOf('a'), 3)).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
      { start: 4, end: 5 },
    ]);
    expect(splitAtRanges(text, ranges).at(-1)).toEqual({ text: text.slice(2 * MAX_MARKS - 1), hit: false });
  });

  it('marks nothing for a match of nothing, and ends (no endless loop)', () => {
    expect(matchRanges('abc', patternOf('/x*/'))).toEqual([]);
    expect(marked('abc', '/b*/')).toBe('a[b]c');
    expect(marked('😀😀', '/x*/')).toBe('😀😀');
  });

  it('keeps astral characters whole and folds case beyond ASCII', () => {
    expect(marked('a😀b😀', '😀')).toBe('a[😀]b[😀]');
    expect(marked('a😀b', '/./')).toBe('[a][😀][b]');
    expect(marked('Straße STRASSE', 'straße')).toBe('[Straße] STRASSE');
    expect(marked('ÉTÉ été', 'été')).toBe('[ÉTÉ] [été]');
    expect(marked('天气很好，天气', '天气')).toBe('[天气]很好，[天气]');
    // Combining marks are their own characters: é written e + ◌́ is found by e + ◌́, not by the precomposed é.
    expect(marked('cafe\u0301', 'cafe\u0301')).toBe('[cafe\u0301]');
    expect(marked('cafe\u0301', 'café')).toBe('cafe\u0301');
  });

  it('can be called again on the same pattern: it starts from the beginning each time', () => {
    const pattern = patternOf('a');
    expect(matchRanges('aaa', pattern)).toHaveLength(3);
    expect(matchRanges('a', pattern)).toHaveLength(1);
    expect(pattern.lastIndex).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { TextPieces } from './textPieces';

describe('TextPieces', () => {
  const pieces = (): TextPieces => {
    const text = new TextPieces();
    for (const piece of ['[1, ', '22', ', 333]', ' \n']) text.push(piece);
    return text;
  };

  it('slices across pieces by offsets into the whole, with text before and after in the same copy', () => {
    const text = pieces();
    expect(text.slice(1, 12)).toBe('1, 22, 333]');
    expect(text.slice(4, 6)).toBe('22');
    expect(text.slice(5, 9)).toBe('2, 3');
    expect(text.slice(1, 11, '[', ']')).toBe('[1, 22, 333]');
  });

  it('joins once and keeps the whole as its only piece, offsets unchanged', () => {
    const text = pieces();
    expect(text.join()).toBe('[1, 22, 333] \n');
    expect([...text.from(0)]).toEqual([{ piece: '[1, 22, 333] \n', start: 0 }]);
    expect(text.join()).toBe('[1, 22, 333] \n');
    expect(text.slice(5, 9)).toBe('2, 3');
    expect(text.length).toBe(14);
  });

  it('walks the pieces from an offset and finds the last character that is not blank', () => {
    const text = pieces();
    expect([...text.from(5)]).toEqual([
      { piece: '2', start: 5 },
      { piece: ', 333]', start: 6 },
      { piece: ' \n', start: 12 },
    ]);
    expect(text.lastNonBlank()).toBe(11);
    expect(new TextPieces().lastNonBlank()).toBe(-1);
  });
});

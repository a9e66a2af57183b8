import { describe, expect, it } from 'vitest';
import { lineColumnAt } from '../../json/jsonError';
import { textPositions } from './textPosition';

describe('textPositions', () => {
  it('agrees with lineColumnAt at every offset, in any order', () => {
    const text = 'ab\n\ncd\r\nef\n';
    const at = textPositions(text);
    const offsets = [...Array(text.length + 1).keys()].reverse();
    expect(offsets.map(at)).toEqual(offsets.map((offset) => lineColumnAt(text, offset)));
  });

  it('handles text without line breaks', () => {
    expect(textPositions('abc')(2)).toEqual({ line: 1, column: 3 });
    expect(textPositions('')(0)).toEqual({ line: 1, column: 1 });
  });
});

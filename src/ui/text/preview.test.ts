import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

describe('previewText', () => {
  it('keeps short text whole', () => {
    expect(previewText('hello', 10)).toEqual({ text: 'hello', omitted: 0 });
  });

  it('cuts at the character limit', () => {
    expect(previewText('abcdefgh', 3)).toEqual({ text: 'abc', omitted: 5 });
  });

  it('cuts before the line that exceeds the line limit', () => {
    expect(previewText('a\nb\nc\nd', 100, 2)).toEqual({ text: 'a\nb', omitted: 4 });
  });

  it('does not split a surrogate pair', () => {
    const text = 'ab😀cd';
    const preview = previewText(text, 3);
    expect(preview.text).toBe('ab');
    expect(preview.omitted).toBe(text.length - 2);
  });
});

import { describe, expect, it } from 'vitest';
import { formatChars, plural } from './format';

describe('counts', () => {
  it('pluralizes', () => {
    expect(plural(1, 'message')).toBe('1 message');
    expect(plural(12000, 'message')).toBe('12,000 messages');
  });

  it('sizes omitted text', () => {
    expect(formatChars(12)).toBe('12 characters');
    expect(formatChars(12_400)).toBe('12.4k characters');
    expect(formatChars(3_200_000)).toBe('3.2M characters');
  });
});

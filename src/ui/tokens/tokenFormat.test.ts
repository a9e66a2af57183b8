import { describe, expect, it } from 'vitest';
import { compactTokens, percent } from './tokenFormat';

describe('tokenFormat', () => {
  it('compacts axis labels', () => {
    expect([0, 950, 1000, 1500, 35_000, 200_000, 1_048_576, 12_500_000].map(compactTokens)).toEqual(['0', '950', '1k', '1.5k', '35k', '200k', '1M', '13M']);
  });
  it('rounds percentages, and says <1% rather than 0% for a small part', () => {
    expect(percent(35_754, 35_998)).toBe('99%');
    expect(percent(1, 400_000)).toBe('<1%');
    // 114,700 cached of 114,910: not all of it.
    expect(percent(114_700, 114_910)).toBe('>99%');
    expect(percent(10, 10)).toBe('100%');
    expect(percent(0, 10)).toBe('0%');
    expect(percent(5, 0)).toBe('');
  });
});

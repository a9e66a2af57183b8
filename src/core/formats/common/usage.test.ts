import { describe, expect, it } from 'vitest';
import { addUsage, readUsage, usageFrom } from './usage';

describe('usageFrom', () => {
  it('has none without input and output, and a total of their sum that was not reported', () => {
    expect(usageFrom({ input: undefined, output: undefined, total: 5 })).toBeUndefined();
    expect(usageFrom({ input: 3, output: undefined })).toEqual({ input: 3, output: 0, total: 3, totalReported: false });
  });

  it('keeps a reported total and only the details given', () => {
    expect(usageFrom({ input: 3, output: 2, total: 9, cacheRead: 1, cacheCreation: undefined, reasoning: 0 })).toEqual({
      input: 3,
      output: 2,
      total: 9,
      totalReported: true,
      cacheRead: 1,
      reasoning: 0,
    });
  });
});

describe('addUsage', () => {
  it('adds counts and details, the total reported only when both were', () => {
    const a = { input: 1, output: 2, total: 3, totalReported: true, cacheRead: 1 };
    const b = { input: 10, output: 20, total: 30, totalReported: false, reasoning: 5 };
    expect(addUsage(a, b)).toEqual({ input: 11, output: 22, total: 33, totalReported: false, cacheRead: 1, reasoning: 5 });
    expect(addUsage(undefined, b)).toBe(b);
    expect(addUsage(a, undefined)).toBe(a);
  });
});

describe('readUsage', () => {
  it('reads usage_metadata with cache and reasoning details', () => {
    expect(
      readUsage({
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_token_details: { cache_read: 3, cache_creation: 4 },
        output_token_details: { reasoning: 2 },
      }),
    ).toEqual({ input: 10, output: 5, total: 15, totalReported: true, cacheRead: 3, cacheCreation: 4, reasoning: 2 });
  });

  it('computes an unreported total and marks it so', () => {
    expect(readUsage({ input_tokens: 10, output_tokens: 5 })).toEqual({ input: 10, output: 5, total: 15, totalReported: false });
  });

  it('ignores missing or empty usage', () => {
    expect(readUsage(null)).toBeUndefined();
    expect(readUsage({})).toBeUndefined();
  });
});

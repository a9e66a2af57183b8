import { describe, expect, it } from 'vitest';
import { LINK_LIMITS, MAX_INLINE_LINK_CHARS, limitsExceeded } from './limits';

describe('link limits', () => {
  it('lists the limits of the issue from the longest to the shortest, the CLI stopping at the first', () => {
    expect(LINK_LIMITS.map((limit) => [limit.id, limit.chars])).toEqual([
      ['chromium', 2_000_000],
      ['firefox', 1_000_000],
      ['slack', 40_000],
      ['discord', 2_000],
      ['outlook', 1_024],
    ]);
    expect(MAX_INLINE_LINK_CHARS).toBe(LINK_LIMITS[0]?.chars);
  });

  it('names the limits a link passes, none at or under the limit itself', () => {
    expect(limitsExceeded(1_024)).toEqual([]);
    expect(limitsExceeded(1_025).map((limit) => limit.id)).toEqual(['outlook']);
    expect(limitsExceeded(40_001).map((limit) => limit.id)).toEqual(['slack', 'discord', 'outlook']);
    expect(limitsExceeded(2_000_001)).toHaveLength(5);
  });
});

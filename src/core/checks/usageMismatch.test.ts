import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, usage } from '../testing/messages';
import { usageMismatch } from './usageMismatch';

describe('usage-mismatch', () => {
  it('fires when the reported total is not input + output', () => {
    const findings = check(usageMismatch, build(ai({ usage: usage(100, 20, 130) })));
    expect(brief(findings)).toEqual([{ rule: 'usage-mismatch', at: 0 }]);
    expect(findings[0]?.text).toBe('Message #0 reports a total of 130 tokens, but input 100 + output 20 = 120.');
  });

  it('does not fire for a total of input + output + reasoning, the reasoning counted beside the output (xAI)', () => {
    expect(check(usageMismatch, build(ai({ usage: usage(291, 26, 506, { reasoning: 189 }) })))).toEqual([]);
    expect(brief(check(usageMismatch, build(ai({ usage: usage(291, 26, 507, { reasoning: 189 }) }))))).toEqual([{ rule: 'usage-mismatch', at: 0 }]);
  });

  it('does not fire for a matching or computed total', () => {
    const computed = { ...usage(100, 20), total: 999 };
    expect(check(usageMismatch, build(ai({ usage: usage(100, 20, 120) }), ai({ usage: computed }), ai()))).toEqual([]);
  });
});

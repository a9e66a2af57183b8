import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../links';
import type { Message } from '../model';
import { brief } from '../testing/check';
import { redisLogs, toolErrorRetry, weatherOrphan } from '../testing/fixtureModels';
import { ai, build, call, human, system, tool, usage } from '../testing/messages';
import { syntheticRun } from '../testing/synthetic';
import { rules, runChecks } from '.';

const findingsOf = (messages: Message[]) => runChecks(messages, linkToolCalls(messages));

describe('runChecks', () => {
  it('has every rule once', () => {
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(rules).toHaveLength(20);
  });

  it('weather-orphan: call_01 answered after a user turn, call_abc123 never issued, call_01 arguments cut off', () => {
    expect(brief(findingsOf(weatherOrphan))).toEqual([
      { rule: 'invalid-tool-call', at: 2, id: 'call_01_jD3phD5PEaIZf0mVLhKt0861' },
      { rule: 'tool-results-not-adjacent', at: 5, id: 'call_01_jD3phD5PEaIZf0mVLhKt0861' },
      { rule: 'orphan-tool-result', at: 6, id: 'call_abc123' },
    ]);
  });

  it('tool-error-retry: the failed create_order and the invalid get_weather call, no orphan for it', () => {
    const findings = findingsOf(toolErrorRetry);
    expect(brief(findings)).toEqual([
      { rule: 'invalid-tool-call', at: 2, id: 'call_bad_2' },
      { rule: 'tool-error', at: 3, id: 'call_order_1' },
    ]);
    expect(findings.map((f) => f.messageId)).toEqual(['ai_1', 't_1']);
  });

  it('redis-logs: nothing to report', () => {
    expect(findingsOf(redisLogs)).toEqual([]);
  });

  it('sorts by message, then severity, then rule order', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')], usage: usage(1, 1, 5) }), system('late'), tool('a', { status: 'error' }));
    expect(findingsOf(messages).map((f) => [f.messageIndex, f.severity, f.rule])).toEqual([
      [1, 'warning', 'usage-mismatch'],
      [2, 'warning', 'system-not-first'],
      [3, 'error', 'tool-results-not-adjacent'],
      [3, 'warning', 'tool-error'],
    ]);
  });

  it('finds exactly the planted faults in a 200,000-message run, in linear time', () => {
    const { messages, planted } = syntheticRun(200_000);
    expect(messages).toHaveLength(200_000);
    expect(planted).toHaveLength(12);
    const found = brief(findingsOf(messages));
    expect(found.filter((f) => f.rule !== 'anthropic-roles')).toEqual(planted);
    // Two human messages in a row are two Anthropic user turns: after the planted duplicate id, and in the padded tail.
    const repeatedHuman = planted.find((p) => p.rule === 'duplicate-message-id')?.at ?? -1;
    expect(found.filter((f) => f.rule === 'anthropic-roles')).toEqual([
      { rule: 'anthropic-roles', at: repeatedHuman + 1 },
      { rule: 'anthropic-roles', at: 199_999 },
    ]);
    // A quadratic rule needs ~4e10 steps here and cannot finish in this budget; linear ones take ~1 s.
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { toolResultBeforeCall } from './toolResultBeforeCall';

describe('tool-result-before-call', () => {
  it('fires at the result and points at the later call', () => {
    const findings = check(toolResultBeforeCall, build(human(), tool('a'), ai({ toolCalls: [call('a')] })));
    expect(brief(findings)).toEqual([{ rule: 'tool-result-before-call', at: 1, id: 'a' }]);
    expect(findings[0]?.related).toEqual([2]);
    expect(findings[0]?.fix).toBe("Move message #1 to just after message #2, with that message's other tool results.");
    expect(findings[0]?.why).toContain('LangGraph');
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'anthropic', 'gemini']);
    // The human text and the early result form user turn messages.0; the result is its block 1.
    expect(findings[0]?.rejectedBy?.[1]?.error).toMatch(/^messages\.0\.content\.1: unexpected `tool_use_id`/);
  });

  it('fires for an early duplicate even when the call is answered after it too', () => {
    const messages = build(tool('a'), ai({ toolCalls: [call('a')] }), tool('a'));
    expect(brief(check(toolResultBeforeCall, messages))).toEqual([{ rule: 'tool-result-before-call', at: 0, id: 'a' }]);
  });

  it('does not fire when results follow their calls', () => {
    expect(check(toolResultBeforeCall, build(ai({ toolCalls: [call('a')] }), tool('a')))).toEqual([]);
  });
});

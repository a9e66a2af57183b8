import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { orphanToolCall } from './orphanToolCall';
import { pendingToolCall } from './pendingToolCall';

describe('pending-tool-call', () => {
  it('a response that ends in calls: each waits for its result, an info, not an orphan', () => {
    const messages = build(ai({ id: 'resp_1', toolCalls: [call('a', 'search'), call('b', 'fetch')] }));
    const findings = check(pendingToolCall, messages);
    expect(brief(findings)).toEqual([
      { rule: 'pending-tool-call', at: 0, id: 'a' },
      { rule: 'pending-tool-call', at: 0, id: 'b' },
    ]);
    expect(findings[0]).toMatchObject({ severity: 'info', messageId: 'resp_1' });
    expect(findings[0]?.rejectedBy).toBeUndefined();
    expect(findings[0]?.neededBy?.map((r) => r.target)).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph']);
    expect(findings[0]?.why).toContain('Sent without it, OpenAI Chat Completions answers: ');
    expect(check(orphanToolCall, messages)).toEqual([]);
  });

  it('a run stopped while its tools work: the results so far come after the call, then nothing', () => {
    const messages = build(human(), ai({ toolCalls: [call('a'), call('b')] }), tool('a'));
    expect(brief(check(pendingToolCall, messages))).toEqual([{ rule: 'pending-tool-call', at: 1, id: 'b' }]);
    expect(check(orphanToolCall, messages)).toEqual([]);
  });

  it('a call the history moved on from is an orphan, not pending', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), human('and?'));
    expect(check(pendingToolCall, messages)).toEqual([]);
    expect(brief(check(orphanToolCall, messages))).toEqual([{ rule: 'orphan-tool-call', at: 1, id: 'a' }]);
  });

  it('does not fire for invalid calls or for answered ones', () => {
    expect(check(pendingToolCall, build(ai({ invalidToolCalls: [call('bad', 'x', { invalid: true, error: 'bad json' })] })))).toEqual([]);
    expect(check(pendingToolCall, build(ai({ toolCalls: [call('a')] }), tool('a')))).toEqual([]);
  });
});

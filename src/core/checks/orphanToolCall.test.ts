import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { orphanToolCall } from './orphanToolCall';

describe('orphan-tool-call', () => {
  it('fires for a call with no result, and says where to add one', () => {
    const findings = check(orphanToolCall, build(human(), ai({ id: 'ai_1', toolCalls: [call('a', 'search'), call('b', 'fetch')] }), tool('a'), human('next')));
    expect(brief(findings)).toEqual([{ rule: 'orphan-tool-call', at: 1, id: 'b' }]);
    const [f] = findings;
    expect(f?.messageId).toBe('ai_1');
    expect(f?.severity).toBe('error');
    expect(f?.fix).toBe('Add a ToolMessage with tool_call_id="b" right after message #2, or remove the call from message #1.');
    expect(f?.why).toContain('The following tool_call_ids did not have response messages: b');
    expect(f?.why).toContain('No tool output found for function call b.');
    expect(f?.why).toContain('INVALID_CHAT_HISTORY');
  });

  it("lists every target that rejects it, with Anthropic's position and the call as LangGraph prints it", () => {
    const messages = build(system(), human(), ai({ toolCalls: [call('a', 'search', { args: { q: "it's", n: 2, deep: true } })] }), human());
    const [f] = check(orphanToolCall, messages);
    expect(f?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph']);
    // The system message goes to the top-level `system`: the AI message is messages.1 in the request.
    expect(f?.rejectedBy?.[2]?.error).toMatch(/^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: a\./);
    expect(f?.rejectedBy?.[4]?.error).toContain(`[{'name': 'search', 'args': {'q': "it's", 'n': 2, 'deep': True}, 'id': 'a', 'type': 'tool_call'}]`);
    expect(f?.why).toContain('\nAnthropic Messages rejects it: messages.1: ');
  });

  it('does not fire when every call is answered, even late', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), human(), tool('a'));
    expect(check(orphanToolCall, messages)).toEqual([]);
  });

  it('does not fire for an invalid call (invalid-tool-call reports it)', () => {
    const messages = build(ai({ invalidToolCalls: [call('bad', 'x', { invalid: true, error: 'bad json' })] }));
    expect(check(orphanToolCall, messages)).toEqual([]);
  });

  it('does not fire when the only result comes before the call (tool-result-before-call does)', () => {
    expect(check(orphanToolCall, build(tool('a'), ai({ toolCalls: [call('a')] })))).toEqual([]);
  });

  it('fires for the second of two calls sharing an id when only one is answered', () => {
    const messages = build(ai({ toolCalls: [call('a')] }), tool('a'), ai({ toolCalls: [call('a')] }), human());
    expect(brief(check(orphanToolCall, messages))).toEqual([{ rule: 'orphan-tool-call', at: 2, id: 'a' }]);
  });
});

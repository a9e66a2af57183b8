import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { duplicateToolCallId } from './duplicateToolCallId';

describe('duplicate-tool-call-id', () => {
  it('fires once when an id is issued by two AI messages', () => {
    const messages = build(ai({ toolCalls: [call('a')] }), tool('a'), ai({ toolCalls: [call('a')] }), tool('a'));
    const findings = check(duplicateToolCallId, messages);
    expect(brief(findings)).toEqual([{ rule: 'duplicate-tool-call-id', at: 2, id: 'a' }]);
    expect(findings[0]?.text).toBe('Call id "a" is issued 2 times, in message #0, message #2.');
    expect(findings[0]?.related).toEqual([0]);
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat']);
  });

  it('fires when one message issues the same id twice', () => {
    const findings = check(duplicateToolCallId, build(ai({ toolCalls: [call('a'), call('a')] }), tool('a'), tool('a')));
    expect(findings.map((f) => f.text)).toEqual(['Call id "a" is issued 2 times in message #0.']);
  });

  it('fires at the second result when one call is answered twice, and says which', () => {
    const findings = check(duplicateToolCallId, build(ai({ toolCalls: [call('a')] }), tool('a'), human(), tool('a')));
    expect(brief(findings)).toEqual([{ rule: 'duplicate-tool-call-id', at: 3, id: 'a' }]);
    expect(findings[0]?.text).toBe('Tool result message #3 answers "a" again: message #1 already answered it.');
    expect(findings[0]?.related).toEqual([0, 1]);
    // Still in the user turn right after the call: Anthropic's previous-message check passes.
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'gemini']);
  });

  it("adds Anthropic's unexpected-result error when the second answer comes turns later", () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), tool('a'), ai({ text: 'done' }), tool('a'));
    const [f] = check(duplicateToolCallId, messages);
    expect(f?.rejectedBy?.find((r) => r.target === 'anthropic')?.error).toMatch(/^messages\.4\.content\.0: unexpected `tool_use_id`/);
  });

  it('does not fire for distinct ids, or for results that have no call at all', () => {
    const messages = build(ai({ toolCalls: [call('a'), call('b')] }), tool('a'), tool('b'), tool('z'), tool('z'));
    expect(check(duplicateToolCallId, messages)).toEqual([]);
  });
});

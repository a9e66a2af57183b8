import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, other, tool } from '../testing/messages';
import { duplicateToolCallId } from './duplicateToolCallId';

describe('duplicate-tool-call-id', () => {
  it('fires once when an id is issued by two AI messages', () => {
    const messages = build(ai({ toolCalls: [call('a')] }), tool('a'), ai({ toolCalls: [call('a')] }), tool('a'));
    const findings = check(duplicateToolCallId, messages);
    expect(brief(findings)).toEqual([{ rule: 'duplicate-tool-call-id', at: 2, id: 'a' }]);
    expect(findings[0]?.text).toBe('Call id "a" is issued 2 times, in message #0, message #2.');
    expect(findings[0]?.related).toEqual([0]);
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat']);
    // Its two answers are in separate runs of tool messages: no report shows what OpenAI answers then.
    expect(findings[0]?.rejectedBy?.[0]?.error).toMatch(
      /^'a': a tool_call_id used twice, not within one run of tool messages \(no verbatim error text on record/,
    );
  });

  it("fires when one message issues the same id twice, quoting OpenAI's answer to its two tool messages in a row", () => {
    const findings = check(duplicateToolCallId, build(human(), ai({ toolCalls: [call('a'), call('a')] }), tool('a'), tool('a')));
    expect(findings.map((f) => f.text)).toEqual(['Call id "a" is issued 2 times in message #1.']);
    expect(findings[0]?.rejectedBy?.[0]?.error).toBe("Invalid parameter: Duplicate value for 'tool_call_id' of 'a', in messages[2] and messages[3].");
  });

  it('names positions in the OpenAI Chat request, which leaves out messages it cannot carry', () => {
    const [f] = check(duplicateToolCallId, build(other('not a message'), ai({ toolCalls: [call('a')] }), tool('a'), tool('a')));
    expect(f?.rejectedBy?.[0]?.error).toBe("Invalid parameter: Duplicate value for 'tool_call_id' of 'a', in messages[1] and messages[2].");
  });

  it('fires at the second result when one call is answered twice, and says which', () => {
    const findings = check(duplicateToolCallId, build(ai({ toolCalls: [call('a')] }), tool('a'), human(), tool('a')));
    expect(brief(findings)).toEqual([{ rule: 'duplicate-tool-call-id', at: 3, id: 'a' }]);
    expect(findings[0]?.text).toBe('Tool result message #3 answers "a" again: message #1 already answered it.');
    expect(findings[0]?.related).toEqual([0, 1]);
    // Still in the user turn right after the call: Anthropic's previous-message check passes.
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'gemini']);
    expect(findings[0]?.rejectedBy?.[0]?.error).toMatch(/^'a': a tool_call_id used twice, not within one run of tool messages/);
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

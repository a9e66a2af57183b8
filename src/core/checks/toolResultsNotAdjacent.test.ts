import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { toolResultsNotAdjacent } from './toolResultsNotAdjacent';

describe('tool-results-not-adjacent', () => {
  it('fires when a human message stands between a call and its result', () => {
    const messages = build(human(), ai({ toolCalls: [call('a'), call('b')] }), tool('a'), human('And tomorrow?'), tool('b'));
    const findings = check(toolResultsNotAdjacent, messages);
    expect(brief(findings)).toEqual([{ rule: 'tool-results-not-adjacent', at: 4, id: 'b' }]);
    expect(findings[0]?.related).toEqual([1, 3]);
    expect(findings[0]?.text).toBe('Tool result message #4 answers "b" from message #1, but message #3 (human) stands between them.');
    expect(findings[0]?.fix).toBe('Move message #4 to just before message #3, so it follows the other results of message #1.');
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'anthropic', 'gemini']);
    // Anthropic gets the human text and both results in one user turn, text before the second result.
    expect(findings[0]?.rejectedBy?.[1]?.error).toBe(
      'messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
    );
    expect(findings[0]?.why).toContain("LangGraph's create_react_agent accepts it");
  });

  it("quotes Anthropic's missing-result error when the interloper is a turn of its own", () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), ai({ text: 'thinking' }), tool('a'));
    const [f] = check(toolResultsNotAdjacent, messages);
    expect(f?.rejectedBy?.find((r) => r.target === 'anthropic')?.error).toMatch(
      /^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: a\./,
    );
  });

  it('claims no Anthropic rejection when only a system message stands between (the export moves it to `system`)', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), system('late'), tool('a'));
    const [f] = check(toolResultsNotAdjacent, messages);
    expect(f?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat', 'gemini']);
  });

  it('fires when another AI message stands between', () => {
    const messages = build(ai({ toolCalls: [call('a')] }), ai({ text: 'thinking' }), tool('a'));
    expect(brief(check(toolResultsNotAdjacent, messages))).toEqual([{ rule: 'tool-results-not-adjacent', at: 2, id: 'a' }]);
  });

  it('does not fire for a run of parallel results in any order', () => {
    const messages = build(ai({ toolCalls: [call('a'), call('b'), call('c')] }), tool('c'), tool('a'), tool('b'), human());
    expect(check(toolResultsNotAdjacent, messages)).toEqual([]);
  });
});

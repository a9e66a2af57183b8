import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { toolResultsNotAdjacent } from './toolResultsNotAdjacent';

describe('tool-results-not-adjacent', () => {
  it('fires when a human message stands between a call and its result', () => {
    const messages = build(human(), ai({ toolCalls: [call('a'), call('b')] }), tool('a'), human('And tomorrow?'), tool('b'));
    const findings = check(toolResultsNotAdjacent, messages);
    expect(brief(findings)).toEqual([{ rule: 'tool-results-not-adjacent', at: 4, id: 'b' }]);
    expect(findings[0]?.related).toEqual([1, 3]);
    expect(findings[0]?.text).toBe('Tool result message #4 answers "b" from message #1, but message #3 (human) stands between them.');
    expect(findings[0]?.fix).toBe('Move message #4 to just before message #3, so it follows the other results of message #1.');
    expect(findings[0]?.why).toContain('`tool_use` ids were found without `tool_result` blocks immediately after: b.');
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

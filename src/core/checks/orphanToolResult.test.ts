import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { orphanToolResult } from './orphanToolResult';

describe('orphan-tool-result', () => {
  it('fires for a result whose id no AI message issued', () => {
    const findings = check(orphanToolResult, build(human(), ai({ toolCalls: [call('a')] }), tool('a'), tool('zzz', { id: 't9' })));
    expect(brief(findings)).toEqual([{ rule: 'orphan-tool-result', at: 3, id: 'zzz' }]);
    expect(findings[0]?.messageId).toBe('t9');
    expect(findings[0]?.why).toContain("messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.");
    expect(findings[0]?.why).toContain('No tool call found for function call output with call_id zzz.');
    // Both results share the user turn messages.2; the orphan is its second block.
    expect(findings[0]?.rejectedBy?.find((r) => r.target === 'anthropic')?.error).toMatch(
      /^messages\.2\.content\.1: unexpected `tool_use_id` found in `tool_result` blocks: zzz\./,
    );
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).not.toContain('langgraph');
  });

  it('does not fire for a result that answers an invalid call', () => {
    const messages = build(ai({ invalidToolCalls: [call('bad', 'x', { invalid: true })] }), tool('bad', { status: 'error' }));
    expect(check(orphanToolResult, messages)).toEqual([]);
  });

  it('does not fire for a result before its call (that is tool-result-before-call)', () => {
    expect(check(orphanToolResult, build(tool('a'), ai({ toolCalls: [call('a')] })))).toEqual([]);
  });
});

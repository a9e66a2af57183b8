import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import type { ContentBlock } from '../model';
import { anthropicToolResultNotFirst } from './anthropicToolResultNotFirst';

const text = (t: string): ContentBlock => ({ kind: 'text', type: 'text', text: t, raw: { type: 'text', text: t } });
const result = (id: string): ContentBlock => ({
  kind: 'tool_result',
  type: 'tool_result',
  text: 'ok',
  raw: { type: 'tool_result', tool_use_id: id, content: 'ok' },
});

describe('anthropic-tool-result-not-first', () => {
  it('fires for a human message whose own content puts text before its tool_result blocks', () => {
    const messages = build(human(), ai({ toolCalls: [call('toolu_1')] }), human('', { content: [text('Here you go'), result('toolu_1')] }));
    const findings = check(anthropicToolResultNotFirst, messages);
    expect(brief(findings)).toEqual([{ rule: 'anthropic-tool-result-not-first', at: 2 }]);
    expect(findings[0]?.text).toBe('Message #2 has text before its tool_result block, in the user turn that answers the tool_use blocks of message #1.');
    expect(findings[0]?.rejectedBy).toEqual([
      {
        target: 'anthropic',
        error:
          'messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
      },
    ]);
  });

  it('fires for an id-less tool message after human text in the same wire turn', () => {
    const messages = build(
      human('q', { turn: 0 }),
      ai({ toolCalls: [call('a'), call('b')], turn: 1 }),
      human('Both done:', { turn: 2 }),
      tool('', { toolCallId: undefined, turn: 2 }),
    );
    const findings = check(anthropicToolResultNotFirst, messages);
    expect(brief(findings)).toEqual([{ rule: 'anthropic-tool-result-not-first', at: 3 }]);
    expect(findings[0]?.related).toEqual([1, 2]);
    expect(findings[0]?.rejectedBy?.[0]?.error).toMatch(/^messages\.2: Did not find 2 `tool_result` block\(s\)/);
  });

  it('does not fire for results linked by id (tool-results-not-adjacent reports them) or for results first', () => {
    expect(check(anthropicToolResultNotFirst, build(ai({ toolCalls: [call('a')] }), human('wait'), tool('a')))).toEqual([]);
    const first = build(ai({ toolCalls: [call('toolu_1')] }), human('', { content: [result('toolu_1'), text('and more')] }));
    expect(check(anthropicToolResultNotFirst, first)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { geminiResponseCount } from './geminiResponseCount';

const noId = (name: string) => call('', name, { id: undefined });

describe('gemini-response-count', () => {
  it('fires when calls without ids get fewer responses in the next turn', () => {
    const messages = build(human(), ai({ toolCalls: [noId('search'), noId('fetch')] }), tool('', { toolCallId: undefined }), human());
    const findings = check(geminiResponseCount, messages);
    expect(brief(findings)).toEqual([{ rule: 'gemini-response-count', at: 1 }]);
    expect(findings[0]?.related).toEqual([2]);
    expect(findings[0]?.text).toContain('makes 2 tool calls, but the turn after it has 1 tool result');
    expect(findings[0]?.rejectedBy?.[0]?.error).toBe(
      'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
    );
  });

  it('counts the whole wire turn when the adapter says text came with the responses', () => {
    const messages = build(
      ai({ toolCalls: [noId('a'), noId('b')], turn: 1 }),
      tool('', { toolCallId: undefined, turn: 2 }),
      human('note', { turn: 2 }),
      tool('', { toolCallId: undefined, turn: 2 }),
    );
    expect(check(geminiResponseCount, messages)).toEqual([]);
  });

  it('does not fire when ids link every call and result (the id rules say which one is missing)', () => {
    expect(check(geminiResponseCount, build(ai({ toolCalls: [call('a'), call('b')] }), tool('a'), human()))).toEqual([]);
  });
});

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

  // From each tool message that carries calls (a hand-edited msgscope file can say anything) the rule
  // counted the rest of the run again and listed it in a finding of its own: quadratic in time and in
  // the report (5k such messages ran the import out of memory).
  it('counts from AI messages only: one scan and one finding for a run of tool messages that carry calls', () => {
    const n = 5000;
    const drafts = [ai({ toolCalls: [noId('f')] }), ...Array.from({ length: n }, () => tool('', { toolCallId: undefined, toolCalls: [noId('f'), noId('g')] }))];
    // Numbered as build does: too many to spread as arguments.
    const findings = check(
      geminiResponseCount,
      drafts.map((draft, index) => ({ location: { path: `messages[${index}]` }, ...draft, index })),
    );
    expect(brief(findings)).toEqual([{ rule: 'gemini-response-count', at: 0 }]);
    expect(findings[0]?.related.length).toBe(n);
  });

  it('does not fire when ids link every call and result (the id rules say which one is missing)', () => {
    expect(check(geminiResponseCount, build(ai({ toolCalls: [call('a'), call('b')] }), tool('a'), human()))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { allRules, json, transcript } from '../testing/importing';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { emptyAiMessage } from './emptyAiMessage';

describe('empty-ai-message', () => {
  it('fires for an AI message with no content and no calls that the history goes past', () => {
    const findings = check(emptyAiMessage, build(system(), human('a'), ai(), human('b'), ai({ text: 'ok' })));
    expect(brief(findings)).toEqual([{ rule: 'empty-ai-message', at: 2 }]);
    const [f] = findings;
    expect(f?.severity).toBe('error');
    expect(f?.text).toBe('Message #2 is an AI message with no content and no tool calls, and the history goes on after it.');
    // The system prompt goes to `system` and `systemInstruction`: the empty message is messages.1, contents[1].
    expect(f?.rejectedBy).toEqual([
      { target: 'anthropic', error: 'messages.1: all messages must have non-empty content except for the optional final assistant message' },
      { target: 'gemini', error: '* GenerateContentRequest.contents[1].parts: contents.parts must not be empty.' },
    ]);
  });

  it('says only what Anthropic answers to an empty text block', () => {
    const empty = ai({ content: [{ kind: 'text', type: 'text', text: '', raw: { type: 'text', text: '' } }] });
    const [f] = check(emptyAiMessage, build(human(), empty, human('b')));
    expect(f?.rejectedBy).toEqual([{ target: 'anthropic', error: 'messages: text content blocks must be non-empty' }]);
  });

  it('leaves alone the last message, a lone response, calls, reasoning and other roles', () => {
    expect(check(emptyAiMessage, build(human(), ai()))).toEqual([]);
    expect(check(emptyAiMessage, build(ai(), human()), 'response')).toEqual([]);
    expect(check(emptyAiMessage, build(human(), ai({ toolCalls: [call('a')] }), tool('a'), ai({ text: 'done' })))).toEqual([]);
    expect(check(emptyAiMessage, build(human(), ai({ invalidToolCalls: [call('a', 'x', { invalid: true })] }), human()))).toEqual([]);
    const thought = ai({ content: [{ kind: 'reasoning', type: 'thinking', text: 'hm', raw: {} }] });
    expect(check(emptyAiMessage, build(human(), thought, human()))).toEqual([]);
    expect(check(emptyAiMessage, build(human(''), ai({ text: 'x' }), human()))).toEqual([]);
  });

  it("names the Gemini contents position of a Gemini file's empty model turn", () => {
    const t = transcript(
      json({
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Hi' }] },
          { role: 'model', parts: [] },
          { role: 'user', parts: [{ text: 'Hello?' }] },
        ],
      }),
    );
    expect(allRules(t)).toEqual([['empty-ai-message', 2, undefined]]);
    expect(t.findings[0]?.rejectedBy?.map((r) => r.error)).toEqual([
      'messages.1: all messages must have non-empty content except for the optional final assistant message',
      '* GenerateContentRequest.contents[1].parts: contents.parts must not be empty.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { expectedObject, joinText, newDraft, problemDraft, textOf } from './drafts';

describe('draft helpers', () => {
  it('keeps an unreadable element as an other message with its reason', () => {
    expect(problemDraft({ x: 1 }, 'spans[0]', 'no role')).toMatchObject({
      role: 'other',
      sourceType: '(unrecognized)',
      text: '{"x":1}',
      raw: { x: 1 },
      location: { path: 'spans[0]' },
      problem: 'no role',
    });
  });

  it('builds a draft whose text joins its text blocks', () => {
    const draft = newDraft(
      'ai',
      'assistant',
      [
        { kind: 'text', type: 'text', text: 'a', raw: 'a' },
        { kind: 'reasoning', type: 'thinking', text: 'hmm', raw: {} },
        { kind: 'text', type: 'text', text: 'b', raw: 'b' },
      ],
      { x: 1 },
      'messages[1]',
    );
    expect(draft).toMatchObject({
      role: 'ai',
      sourceType: 'assistant',
      text: 'a\nb',
      toolCalls: [],
      invalidToolCalls: [],
      raw: { x: 1 },
      location: { path: 'messages[1]' },
    });
  });

  it('joins only text blocks', () => {
    expect(
      joinText([
        { kind: 'text', type: 'text', text: 'a', raw: 'a' },
        { kind: 'reasoning', type: 'thinking', text: 'hmm', raw: {} },
        { kind: 'text', type: 'text', text: 'b', raw: 'b' },
      ]),
    ).toBe('a\nb');
  });

  it('shows values as text', () => {
    expect([textOf('x'), textOf({ a: 1 }), textOf(3), textOf(undefined), textOf(null)]).toEqual(['x', '{"a":1}', '3', '', 'null']);
  });

  it('says what it expected', () => {
    expect(expectedObject('`role`', 4)).toBe('expected an object with `role`, got a number');
  });
});

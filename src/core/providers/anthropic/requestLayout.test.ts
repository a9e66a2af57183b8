import { describe, expect, it } from 'vitest';
import { ai, build, call, human, other, system, tool } from '../../testing/messages';
import { anthropicLayout } from './requestLayout';

describe('anthropicLayout', () => {
  it('leaves system and unreadable messages out, and merges tool results with the human text after them', () => {
    const messages = build(
      system(),
      human(),
      ai({ toolCalls: [call('a'), call('b')] }),
      tool('a'),
      tool('b'),
      human('thanks'),
      other('???'),
      human('again'),
      ai({ text: 'ok' }),
    );
    const layout = anthropicLayout(messages);
    expect(layout.turns.map((t) => [t.role, t.messages, t.toolUses])).toEqual([
      ['user', [1], 0],
      ['assistant', [2], 2],
      ['user', [3, 4, 5], 0],
      ['user', [7], 0],
      ['assistant', [8], 0],
    ]);
    expect([...layout.turnOf]).toEqual([-1, 0, 1, 2, 2, 2, -1, 3, 4]);
    expect([...layout.blockOf.slice(3, 6)]).toEqual([0, 1, 2]);
    expect([...layout.leading.slice(3, 6)]).toEqual([1, 1, 1]);
  });

  it('follows the turns an adapter gives, and counts a human message by its content blocks', () => {
    const text = (t: string) => ({ kind: 'text' as const, type: 'text', text: t, raw: t });
    const messages = build(
      ai({ toolCalls: [call('a')], turn: 0 }),
      human('', { content: [text('x'), text('y')], turn: 1 }),
      tool('a', { turn: 1 }),
      tool('b', { turn: 2 }),
    );
    const layout = anthropicLayout(messages);
    expect(layout.turns.map((t) => t.messages)).toEqual([[0], [1, 2], [3]]);
    expect(layout.blockOf[2]).toBe(2);
    expect(layout.leading[2]).toBe(0);
  });

  it('counts an invalid call as a tool_use only when a result answers it', () => {
    const invalid = (id: string) => call(id, 'x', { invalid: true, args: '{', error: 'bad' });
    const messages = build(human(), ai({ invalidToolCalls: [invalid('answered'), invalid('dropped')] }), tool('answered'));
    expect(anthropicLayout(messages).turns[1]?.toolUses).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ConversationList } from './conversations';
import { newDraft } from './drafts';

const draft = (text: string) => newDraft('human', 'user', [{ kind: 'text', type: 'text', text, raw: text }], text, '');

describe('ConversationList', () => {
  it('appends conversations one after another, with their ranges and parents', () => {
    const list = new ConversationList();
    expect(list.add('a', [draft('1'), draft('2')])).toBe(0);
    expect(list.add('empty', [])).toBeUndefined();
    expect(list.add('b', [draft('3')], { conversation: 0, toolCallId: 'call_1' })).toBe(1);
    const out = list.output(['a note']);
    expect(out.messages.map((m) => m.text)).toEqual(['1', '2', '3']);
    expect(out.conversations).toEqual([
      { label: 'a', start: 0, end: 2 },
      { label: 'b', start: 2, end: 3, parent: { conversation: 0, toolCallId: 'call_1' } },
    ]);
    expect(out.notes).toEqual(['a note']);
  });

  it('gives no ranges for one conversation', () => {
    const list = new ConversationList();
    list.add('only', [draft('1')]);
    expect(list.output()).toEqual({ messages: [expect.objectContaining({ text: '1' })] });
  });
});

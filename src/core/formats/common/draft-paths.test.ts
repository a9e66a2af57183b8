import { describe, expect, it } from 'vitest';
import { expectedObject, newDraft, whereAt, whereOf } from './draft-paths';

describe('draft paths', () => {
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
    expect(draft).toMatchObject({ role: 'ai', sourceType: 'assistant', text: 'a\nb', toolCalls: [], invalidToolCalls: [], raw: { x: 1 }, location: { path: 'messages[1]' } });
  });

  it('names list elements and the values inside them', () => {
    expect([whereOf('messages', 3).path, whereOf('messages', 3).inner('.content[1]')]).toEqual(['messages[3]', 'messages[3].content[1]']);
    expect([whereOf('', 0).path, whereOf('', 0).inner('.parts[2]')]).toEqual(['[0]', '[0].parts[2]']);
  });

  it('locates JSON Lines elements by their line only', () => {
    const where = whereOf('', 1, [1, 4]);
    expect([where.path, where.inner('.message.content[0]')]).toEqual(['line 4', 'line 4']);
  });

  it('names values under a path or the root', () => {
    expect(whereAt('').inner('.content[2]')).toBe('content[2]');
    expect(whereAt('candidates[0]').inner('.content.parts[1]')).toBe('candidates[0].content.parts[1]');
  });

  it('says what it expected', () => {
    expect(expectedObject('`role`', 4)).toBe('expected an object with `role`, got a number');
  });
});

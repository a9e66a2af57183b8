import { describe, expect, it } from 'vitest';
import { newDraft } from './drafts';
import { splitTurn, wholeTurn, whereAt, whereOf } from './draftPaths';

describe('draft paths', () => {
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

  it('splits a turn at its results into runs of one role, each with its own raw and path', () => {
    const blocks = ['a', 'b', { result: 'c1' }, 'sys:x', 'd'];
    const drafts = splitTurn(
      blocks,
      (block, j) => (typeof block === 'object' ? newDraft('tool', 'result', [], block, `[${j}]`) : undefined),
      (block) => (String(block).startsWith('sys:') ? 'system' : 'human'),
      (run, raw) => newDraft(run.role, 'run', [], raw, `[${run.first}]`),
    );
    expect(drafts.map((d) => [d.role, d.raw, d.location.path])).toEqual([
      ['human', ['a', 'b'], '[0]'],
      ['tool', { result: 'c1' }, '[2]'],
      ['system', 'sys:x', '[3]'],
      ['human', 'd', '[4]'],
    ]);
  });

  it('gives a turn left as one message the whole element, but not a lone result', () => {
    const one = [newDraft('human', 'user', [], 'a', '[0].parts[0]')];
    expect(wholeTurn(one, { parts: ['a'] }, '[0]')).toMatchObject({ raw: { parts: ['a'] }, location: { path: '[0]' } });
    const result = [newDraft('tool', 'result', [], 'r', '[0].parts[0]')];
    expect(wholeTurn(result, { parts: ['r'] }, '[0]')).toBeUndefined();
    expect(result[0]?.location.path).toBe('[0].parts[0]');
  });
});

import { describe, expect, it } from 'vitest';
import { linkToolCalls } from './links';
import { ai, build, call, human, tool } from './testing/messages';

describe('linkToolCalls', () => {
  it('links parallel calls to their results', () => {
    const links = linkToolCalls(build(human(), ai({ toolCalls: [call('a'), call('b')] }), tool('a'), tool('b')));
    expect([...links.values()]).toEqual([
      { id: 'a', calls: [{ messageIndex: 1, callIndex: 0 }], results: [2] },
      { id: 'b', calls: [{ messageIndex: 1, callIndex: 1 }], results: [3] },
    ]);
  });

  it('links invalid calls with an id, marked invalid, and skips calls without one', () => {
    const links = linkToolCalls(
      build(
        ai({
          toolCalls: [{ name: 'noid', args: {}, raw: {} }],
          invalidToolCalls: [call('bad', 'x', { invalid: true }), { name: 'y', args: '{', raw: {}, invalid: true }],
        }),
        tool('bad', { status: 'error' }),
      ),
    );
    expect(links.values().map((link) => link.id)).toEqual(['bad']);
    expect(links.get('bad')).toEqual({ id: 'bad', calls: [{ messageIndex: 0, callIndex: 0, invalid: true }], results: [1] });
  });

  it('counts every call issued, valid or not, with an id or without, and repeats each time', () => {
    const links = linkToolCalls(
      build(
        human(),
        ai({ toolCalls: [{ name: 'noid', args: {}, raw: {} }, call('a')], invalidToolCalls: [{ name: 'y', args: '{', raw: {}, invalid: true }] }),
        tool('a'),
        ai({ toolCalls: [call('a')] }),
      ),
    );
    expect(links.callCount).toBe(4);
  });

  it('keeps results without a call and every repeat of an id', () => {
    const links = linkToolCalls(build(tool('x'), ai({ toolCalls: [call('x')] }), ai({ toolCalls: [call('x')] }), tool('x')));
    expect(links.get('x')).toEqual({
      id: 'x',
      calls: [
        { messageIndex: 1, callIndex: 0 },
        { messageIndex: 2, callIndex: 0 },
      ],
      results: [0, 3],
    });
  });
});

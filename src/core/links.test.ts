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

  it('links the results of a message of many calls in any order, repeated ids included', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const order = [...ids.slice(10), ...ids.slice(0, 10).reverse(), 'c3'];
    const links = linkToolCalls(build(ai({ toolCalls: [...ids.map((id) => call(id)), call('c3')] }), ...order.map((id) => tool(id))));
    expect(links.values().map((link) => [link.id, link.calls.length, link.results.map((r) => order[r - 1])])).toEqual(
      ids.map((id) => [id, id === 'c3' ? 2 : 1, id === 'c3' ? ['c3', 'c3'] : [id]]),
    );
  });

  // The results of one message's calls were each compared with all of its calls: 40k calls took 2.5 s
  // and this would take minutes.
  it('links 250k calls of one message to results in reverse order without comparing each with every call', { timeout: 60_000 }, () => {
    const n = 250_000;
    const calls = Array.from({ length: n }, (_, i) => call(`call_${i}`));
    const drafts = [ai({ toolCalls: calls }), ...Array.from({ length: n }, (_, i) => tool(`call_${n - 1 - i}`))];
    // Numbered as build does: too many to spread as arguments.
    const links = linkToolCalls(drafts.map((draft, index) => ({ location: { path: `messages[${index}]` }, ...draft, index })));
    expect(links.values().length).toBe(n);
    expect(links.get('call_0')?.results).toEqual([n]);
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

import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../links';
import type { Message } from '../model';
import { ai, build, call, human, other, system, tool, usage } from '../testing/messages';
import { composeContext, computeComposition, CONTRIBUTORS_KEPT, MAX_TOOL_CATEGORIES, type Composition } from './composition';
import { countMessages, newMessageCounts } from './messageTokens';

// A fake tokenizer: one token a character, so every expected figure can be counted by eye.
const chars = (text: string): number => text.length;

const compose = (messages: Message[]): Composition => computeComposition(messages, linkToolCalls(messages), chars);

/** Turn t's row by category name (`tool:<name>` for a tool), omitting zeros. */
function row(c: Composition, t: number, which: 'raw' | 'scaled' = 'raw'): Record<string, number> {
  const k = c.categories.length;
  const out: Record<string, number> = {};
  c.categories.forEach((category, i) => {
    const value = c.turns[which][t * k + i] ?? 0;
    if (value !== 0) out[category.kind === 'tool' ? `tool:${category.name}` : category.kind] = value;
  });
  return out;
}

const contributors = (c: Composition, t: number): [number, number][] => {
  const from = c.turns.contributorStart[t] ?? 0;
  const to = c.turns.contributorStart[t + 1] ?? 0;
  return Array.from({ length: to - from }, (_, i) => [c.turns.contributorIndex[from + i] ?? -1, c.turns.contributorTokens[from + i] ?? -1]);
};

describe('computeComposition', () => {
  it('counts each category of the messages before every AI turn', () => {
    const c = compose(
      build(
        system('sys'), // 3
        human('hello'), // 5
        ai({ text: 'ok', toolCalls: [call('a', 'grep', { args: { q: 'x' } }), call('b', 'read', { argsText: '{"p":1}' })] }), // 2 + 4 + 7 + 4 + 7
        tool('a', { text: 'found it' }), // 8, grep
        tool('b', { text: 'contents', name: 'ignored' }), // 8, read: the call's name wins over the result's
        other('unreadable', { text: 'zz' }), // 2
        ai({ text: 'done' }),
      ),
    );
    expect(c.turns.count).toBe(2);
    expect([...c.turns.index]).toEqual([2, 6]);
    expect([...c.turns.contextEnd]).toEqual([2, 6]);
    expect(row(c, 0)).toEqual({ system: 3, human: 5 });
    // The AI message's text and both calls (name and arguments: `{"q":"x"}` is 9 characters as JSON).
    expect(c.messages.tokens[2]).toBe(2 + 4 + 9 + 4 + 7);
    expect(row(c, 1)).toEqual({ system: 3, human: 5, ai: 26, 'tool:grep': 8, 'tool:read': 8, other: 2 });
    expect(c.turns.counted[1]).toBe(52);
  });

  it('orders tools by their results’ tokens and groups those past the largest', () => {
    const tools = Array.from({ length: MAX_TOOL_CATEGORIES + 2 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const calls = tools.map((name, i) => call(`c${i}`, name));
    // Tool i answers with i + 1 characters: the two smallest (t00, t01) share `otherTools`.
    const results = tools.map((_, i) => tool(`c${i}`, { text: 'x'.repeat(i + 1) }));
    const c = compose(build(ai({ toolCalls: calls }), ...results, ai()));
    const names = c.categories.filter((k) => k.kind === 'tool').map((k) => k.name);
    expect(names).toEqual(tools.slice(2).reverse());
    expect(c.categories.map((k) => k.kind)).toContain('otherTools');
    expect(row(c, 1).otherTools).toBe(1 + 2);
  });

  it('leaves what the report has beyond the count over, unscaled', () => {
    const c = compose(build(system('0123456789'), human('abcdefghij'), ai({ usage: usage(50, 3) })));
    expect(c.turns.reported[0]).toBe(50);
    expect(c.turns.counted[0]).toBe(20);
    expect(c.turns.scale[0]).toBe(1);
    expect(c.turns.leftover[0]).toBe(30);
    expect(c.turns.over[0]).toBe(0);
    expect(row(c, 0, 'scaled')).toEqual({ system: 10, human: 10 });
  });

  it('scales a count above the report down to it, keeps the raw count and says by how much it was over', () => {
    const c = compose(build(system('0123456789'), human('0123456789012345678901234567890123456789'), ai({ usage: usage(25, 3) })));
    expect(c.turns.counted[0]).toBe(50);
    expect(c.turns.scale[0]).toBe(0.5);
    expect(c.turns.leftover[0]).toBe(0);
    expect(c.turns.over[0]).toBe(25);
    expect(row(c, 0)).toEqual({ system: 10, human: 40 });
    expect(row(c, 0, 'scaled')).toEqual({ system: 5, human: 20 });
  });

  it('scales nothing and leaves nothing over where no usage is reported', () => {
    const c = compose(build(human('abc'), ai({ text: 'hi' }), human('de'), ai({ usage: usage(10, 1) })));
    expect(Number.isNaN(c.turns.reported[0])).toBe(true);
    expect(Number.isNaN(c.turns.leftover[0])).toBe(true);
    expect(c.turns.scale[0]).toBe(1);
    expect(c.turns.over[0]).toBe(0);
    expect(c.turns.leftover[1]).toBe(10 - 7);
  });

  it('treats messages split from one wire turn as one model call', () => {
    // An assistant message whose server tool result sits inside it, read as ai, tool, ai with one `turn`; then a
    // user turn of a tool result and text, also split, then the next call.
    const c = compose(
      build(
        human('q', { turn: 0 }),
        ai({ text: 'aa', toolCalls: [call('s', 'web')], usage: usage(40, 5), turn: 1 }),
        tool('s', { text: 'bbbb', turn: 1 }),
        ai({ text: 'cc', turn: 1 }),
        tool('s', { text: 'dddddd', turn: 2 }),
        human('eee', { turn: 2 }),
        ai({ text: 'f', turn: 3 }),
      ),
    );
    expect([...c.turns.index]).toEqual([1, 6]);
    expect([...c.turns.contextEnd]).toEqual([1, 6]);
    expect(row(c, 0)).toEqual({ human: 1 });
    // The first call's own pieces are its output, not its input; they are all input to the next (the call `web {}`).
    expect(row(c, 1)).toEqual({ human: 1 + 3, ai: 2 + 3 + 2 + 2, 'tool:web': 4 + 6 });
    // The turn's usage is on its first message.
    expect(c.turns.reported[0]).toBe(40);
    // The split user turn is no AI turn, and is the next turn's input.
    expect([...c.turns.usageAt]).toEqual([1, -1]);
  });

  it('finds the usage of a split turn on whichever of its messages carries it', () => {
    const c = compose(build(human('q'), tool('x', { text: 'r', turn: 5 }), ai({ usage: usage(9, 1), turn: 5 })));
    expect([...c.turns.index]).toEqual([2]);
    expect([...c.turns.contextEnd]).toEqual([1]);
    expect([...c.turns.usageAt]).toEqual([2]);
  });

  it('leaves the whole input of a single response over: its request is not in the file', () => {
    const c = compose(build(ai({ text: 'The answer.', usage: usage(1200, 4) })));
    expect(c.turns.count).toBe(1);
    expect(c.turns.counted[0]).toBe(0);
    expect(c.turns.leftover[0]).toBe(1200);
  });

  it('counts media as zero, counts them apart, and keeps reasoning out of the context', () => {
    const image = { kind: 'image' as const, type: 'image_url', raw: {} };
    const thinking = { kind: 'reasoning' as const, type: 'thinking', text: 'let me think', raw: {} };
    const c = compose(
      build(
        human('look', { content: [{ kind: 'text', type: 'text', text: 'look', raw: 'look' }, image, image] }),
        ai({ text: 'a', content: [thinking, { kind: 'text', type: 'text', text: 'a', raw: 'a' }] }),
        ai({ usage: usage(1000, 1) }),
      ),
    );
    expect(c.messages.tokens[0]).toBe(4);
    expect(c.messages.media[0]).toBe(2);
    expect(c.messages.reasoning[1]).toBe('let me think'.length);
    expect(row(c, 1)).toEqual({ human: 4, ai: 1 });
    expect(c.turns.media[1]).toBe(2);
  });

  it('lists the biggest messages of each turn’s context, largest first, ties to the earlier', () => {
    const c = compose(build(human('aaaa'), ai({ text: 'bb' }), human('cccc'), ai({ text: '' }), human('d'), ai()));
    expect(contributors(c, 0)).toEqual([[0, 4]]);
    expect(contributors(c, 1)).toEqual([
      [0, 4],
      [2, 4],
      [1, 2],
    ]);
    // Empty messages contribute nothing and are not listed.
    expect(contributors(c, 2).map(([i]) => i)).toEqual([0, 2, 1, 4]);
  });

  it('gives one row a turn that equals a rescan of its context (prefix sums), and the same top contributors', () => {
    const random = seeded(7);
    const drafts = [system('s'.repeat(40))];
    for (let turn = 0; drafts.length < 3000; turn++) {
      drafts.push(human('h'.repeat(1 + Math.floor(random() * 30))));
      const calls = Array.from({ length: Math.floor(random() * 3) }, (_, i) =>
        call(`c${turn}_${i}`, `tool${Math.floor(random() * 14)}`, { argsText: 'a'.repeat(Math.floor(random() * 20)) }),
      );
      drafts.push(
        ai({ text: 'x'.repeat(Math.floor(random() * 50)), toolCalls: calls, ...(random() < 0.7 && { usage: usage(Math.floor(random() * 40_000), 10) }) }),
      );
      for (const c of calls) drafts.push(tool(c.id ?? '', { text: 'r'.repeat(Math.floor(random() * 400)) }));
    }
    const messages = build(...drafts);
    const links = linkToolCalls(messages);
    const counts = newMessageCounts(messages.length);
    // Counted in slices, as the worker does.
    for (let from = 0; from < messages.length; from += 777) countMessages(messages, chars, counts, from, Math.min(messages.length, from + 777));
    const c = composeContext(messages, links, counts);
    const k = c.categories.length;
    for (let t = 0; t < c.turns.count; t++) {
      const end = c.turns.contextEnd[t] ?? 0;
      const expected = new Array<number>(k).fill(0);
      for (let i = 0; i < end; i++) expected[c.messages.category[i] ?? 0]! += c.messages.tokens[i] ?? 0;
      expect([...c.turns.raw.subarray(t * k, (t + 1) * k)]).toEqual(expected);
      const reported = c.turns.reported[t] ?? NaN;
      const rowSum = expected.reduce((a, b) => a + b, 0) * (c.turns.scale[t] ?? 1) + (Number.isNaN(reported) ? 0 : (c.turns.leftover[t] ?? 0));
      if (!Number.isNaN(reported)) expect(rowSum).toBeCloseTo(reported, 6);
      const naive = Array.from({ length: end }, (_, i) => [i, c.messages.tokens[i] ?? 0] as [number, number])
        .filter(([, tokens]) => tokens > 0)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, CONTRIBUTORS_KEPT);
      expect(contributors(c, t)).toEqual(naive);
    }
  });

  it('answers 100,000 messages and 30,000 turns in one pass', () => {
    const drafts = [];
    for (let i = 0; drafts.length < 100_000; i++)
      drafts.push(human(`question ${i}`), ai({ text: `answer ${i}`, usage: usage(i * 10, 5) }), ...(i % 2 ? [] : [other('x')]));
    const messages = build(...drafts.slice(0, 100_000));
    const counts = newMessageCounts(messages.length);
    countMessages(messages, chars, counts);
    const started = performance.now();
    const c = composeContext(messages, linkToolCalls(messages), counts);
    const ms = performance.now() - started;
    expect(c.turns.count).toBeGreaterThan(30_000);
    // One pass takes about 0.1 s here (docs/BENCHMARKS.md); a rescan a turn, over 10⁹ additions, would take many
    // seconds. The bound leaves room for a busy machine.
    expect(ms).toBeLessThan(5000);
  });
});

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

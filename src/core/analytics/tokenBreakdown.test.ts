import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../links';
import type { Message } from '../model';
import { transcript } from '../testing/importing';
import { ai, build, call, human, system, tool, usage } from '../testing/messages';
import { tokenBreakdown, type TokenGroup } from './tokenBreakdown';

const breakdownOf = (messages: Message[]) => tokenBreakdown(messages, linkToolCalls(messages));
const row = (groups: TokenGroup[], key: string) => groups.find((g) => g.key === key);

describe('tokenBreakdown', () => {
  const run = build(
    system('Be brief.'),
    human('Find the logs and the weather.'),
    ai({
      model: 'claude-sonnet-4-5',
      usage: usage(1000, 50, undefined, { cacheRead: 800, cacheCreation: 150 }),
      toolCalls: [call('a', 'query_logs'), call('b', 'query_logs'), call('c', 'get_weather')],
    }),
    tool('a', { text: 'x'.repeat(120) }),
    tool('b', { text: 'y'.repeat(30) }),
    tool('c', { text: 'sunny' }),
    ai({ model: 'gpt-5-codex', usage: usage(1400, 200, 1600, { reasoning: 120, cacheRead: 1000 }), toolCalls: [call('d', 'query_logs')] }),
    tool('d', { text: 'z'.repeat(7) }),
    ai({ model: 'gpt-5-codex', text: 'Done.' }),
  );

  it('totals the run with cache reads, cache writes and reasoning', () => {
    expect(breakdownOf(run).run).toEqual({
      key: 'run',
      messages: 9,
      withUsage: 2,
      reported: true,
      tokens: { input: 2400, output: 250, cacheRead: 1800, cacheWrite: 150, reasoning: 120, total: 2650 },
    });
  });

  it('splits by model, most tokens first; a model whose messages report nothing is not reported', () => {
    const { byModel } = breakdownOf(run);
    expect(byModel.map((g) => g.key)).toEqual(['gpt-5-codex', 'claude-sonnet-4-5']);
    expect(row(byModel, 'gpt-5-codex')).toEqual({
      key: 'gpt-5-codex',
      messages: 2,
      withUsage: 1,
      reported: true,
      tokens: { input: 1400, output: 200, cacheRead: 1000, cacheWrite: 0, reasoning: 120, total: 1600 },
    });
    const silent = breakdownOf(build(human(), ai({ model: 'gpt-4o', text: 'hi' }))).byModel;
    expect(silent).toEqual([{ key: 'gpt-4o', messages: 1, withUsage: 0, reported: false }]);
  });

  it('splits by role in a fixed order; roles whose messages report no usage say so', () => {
    const { byRole } = breakdownOf(run);
    expect(byRole.map((g) => [g.key, g.messages, g.reported])).toEqual([
      ['system', 1, false],
      ['human', 1, false],
      ['ai', 3, true],
      ['tool', 4, false],
    ]);
    expect(row(byRole, 'human')).not.toHaveProperty('tokens');
  });

  it('gives a tool the tokens of the turns that called it, each turn once, and the size of its results', () => {
    const { byTool } = breakdownOf(run);
    expect(byTool.map((g) => g.key)).toEqual(['query_logs', 'get_weather']);
    // Two turns called query_logs (the first one twice): both turns' tokens, the first counted once.
    expect(byTool[0]).toEqual({
      key: 'query_logs',
      messages: 2,
      withUsage: 2,
      reported: true,
      tokens: { input: 2400, output: 250, cacheRead: 1800, cacheWrite: 150, reasoning: 120, total: 2650 },
      calls: 3,
      results: 3,
      resultChars: 157,
    });
    expect(byTool[1]).toMatchObject({ key: 'get_weather', messages: 1, calls: 1, results: 1, resultChars: 5, tokens: { total: 1050 } });
  });

  it('a tool called by turns without usage is not reported; a result nobody called counts under its own name', () => {
    const { byTool } = breakdownOf(
      build(
        human(),
        ai({ toolCalls: [call('a', 'fetch')], invalidToolCalls: [call('b', 'fetch')] }),
        tool('a', { text: 'page' }),
        tool('zz', { name: 'stray', text: 'lost' }),
      ),
    );
    expect(byTool).toEqual([
      { key: 'fetch', messages: 1, withUsage: 0, reported: false, calls: 2, results: 1, resultChars: 4 },
      { key: 'stray', messages: 0, withUsage: 0, reported: false, calls: 0, results: 1, resultChars: 4 },
    ]);
  });

  it('a history without usage: nothing reported anywhere, never 0 tokens', () => {
    const { run: total, byModel, byRole } = breakdownOf(build(system(), human(), ai({ text: 'hello' })));
    expect(total).toEqual({ key: 'run', messages: 3, withUsage: 0, reported: false });
    expect(byModel).toEqual([]);
    expect(byRole.every((g) => !g.reported)).toBe(true);
  });

  it('counts a turn of 40,000 calls to one tool once, in one walk', () => {
    const calls = Array.from({ length: 40_000 }, (_, i) => call(`c${i}`, 'ping'));
    const started = performance.now();
    const { byTool } = breakdownOf(build(ai({ usage: usage(10, 1), toolCalls: calls })));
    expect(byTool).toEqual([expect.objectContaining({ key: 'ping', calls: 40_000, messages: 1, tokens: expect.objectContaining({ total: 11 }) })]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a real Claude Code session: per tool, per role, per model, as counted by hand', () => {
    const path = new URL('../../../fixtures/real/codemie-code/claude-code-session-9eda1058.jsonl', import.meta.url);
    const t = transcript(readFileSync(path, 'utf8'));
    const { run: total, byModel, byRole, byTool } = tokenBreakdown(t.messages, t.links);
    expect(total).toMatchObject({ withUsage: 5, tokens: { input: 170226, output: 4509, cacheRead: 22912, cacheWrite: 147267, total: 174735 } });
    expect(byModel).toEqual([{ ...total, key: 'claude-sonnet-4-5-20250929', messages: 5 }]);
    expect(byRole.map((g) => [g.key, g.messages, g.reported])).toEqual([
      ['human', 4, false],
      ['ai', 5, true],
      ['tool', 3, false],
      ['other', 2, false],
    ]);
    // Task was called by messages #5 and #10; Write by #1. Results #6 and #11 (Task), #2 (Write).
    expect(byTool).toEqual([
      {
        key: 'Task',
        messages: 2,
        withUsage: 2,
        reported: true,
        tokens: { input: 29374 + 35235, output: 406 + 785, cacheRead: 22912, cacheWrite: 29364 + 12313, reasoning: 0, total: 29780 + 36020 },
        calls: 2,
        results: 2,
        resultChars: t.messages[6]!.text.length + t.messages[11]!.text.length,
      },
      expect.objectContaining({
        key: 'Write',
        messages: 1,
        calls: 1,
        results: 1,
        resultChars: t.messages[2]!.text.length,
        tokens: expect.objectContaining({ total: 29021 }),
      }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { linkToolCalls } from './links';
import type { Message } from './model';
import { redisLogs, toolErrorRetry, weatherOrphan } from './testing/fixtureModels';
import { ai, build, call, human, tool, usage } from './testing/messages';
import { computeTokens } from './tokens';

const tokensOf = (messages: Message[]) => computeTokens(messages, linkToolCalls(messages));

describe('computeTokens', () => {
  it('tool-error-retry: exact totals, running total, tools and models', () => {
    const t = tokensOf(toolErrorRetry);
    expect(t.totals).toEqual({
      input: 8727,
      output: 254,
      total: 8981,
      cacheRead: 2304,
      cacheCreation: 0,
      reasoning: 83,
      messagesWithUsage: 3,
    });
    expect(t.cumulative).toEqual([0, 0, 2856, 2856, 5846, 5846, 8981]);
    expect(t.perTool).toEqual([
      { name: 'create_order', calls: 2, results: 2, errors: 1 },
      { name: 'get_weather', calls: 1, results: 0, errors: 0 },
    ]);
    expect(t.perModel).toEqual([
      { model: 'gpt-5.4-mini-2026-03-17', input: 2677, output: 179, total: 2856, messages: 1 },
      { model: 'unknown', input: 6050, output: 75, total: 6125, messages: 2 },
    ]);
  });

  it('redis-logs: 970 in, 145 out, 1115 total', () => {
    const t = tokensOf(redisLogs);
    expect(t.totals).toMatchObject({ input: 970, output: 145, total: 1115, messagesWithUsage: 2 });
    expect(t.cumulative.at(-1)).toBe(1115);
    expect(t.perModel).toEqual([{ model: 'deepseek-chat', input: 970, output: 145, total: 1115, messages: 2 }]);
    expect(t.perTool).toEqual([{ name: 'query_group_logs', calls: 1, results: 1, errors: 0 }]);
  });

  it('counts zero for a history without usage, and names results by their call', () => {
    const t = tokensOf(weatherOrphan);
    expect(t.totals.total).toBe(0);
    expect(t.cumulative).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(t.perTool).toEqual([
      { name: 'get_weather', calls: 2, results: 2, errors: 0 },
      { name: 'unknown', calls: 0, results: 1, errors: 0 },
    ]);
    expect(t.perModel).toEqual([]);
  });

  it('adds the reported total, so the running total ends at the shown total', () => {
    const t = tokensOf(build(human(), ai({ usage: usage(10, 5, 20, { cacheCreation: 4 }) }), ai({ usage: usage(1, 1) })));
    expect(t.totals).toMatchObject({ input: 11, output: 6, total: 22, cacheCreation: 4 });
    expect(t.cumulative).toEqual([0, 20, 22]);
  });

  it('counts a ToolNode error text as an error of the called tool', () => {
    const t = tokensOf(build(ai({ toolCalls: [call('a', 'fetch')] }), tool('a', { name: 'other', text: "Error: KeyError('x')\n Please fix your mistakes." })));
    expect(t.perTool).toEqual([{ name: 'fetch', calls: 1, results: 1, errors: 1 }]);
  });

  it("sums the passes billed beside the messages' own by type, and lists none when there are none", () => {
    const compacted = (input: number, output: number) =>
      usage(input + 100, output + 10, undefined, {
        iterations: [
          { type: 'compaction', input, output },
          { type: 'message', input: 100, output: 10 },
        ],
      });
    const t = tokensOf(build(human(), ai({ text: 'a', usage: compacted(5000, 50) }), human(), ai({ text: 'b', usage: compacted(7000, 70) })));
    expect(t.totals).toMatchObject({ input: 12200, output: 140, passes: [{ type: 'compaction', input: 12000, output: 120 }] });
    expect(tokensOf(toolErrorRetry).totals.passes).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transcript } from '../testing/importing';
import { ai, build, human, tool, usage } from '../testing/messages';
import { contextGrowth, growthBuffers } from './contextGrowth';

describe('contextGrowth', () => {
  it('one point per AI turn with usage: its index, input, cached part, output and model', () => {
    const growth = contextGrowth(
      build(
        human(),
        ai({ model: 'gpt-5-codex', usage: usage(3587, 229, 3816, { cacheRead: 2560 }) }),
        tool('x'),
        ai({ model: 'mystery-1', usage: usage(4000, 10) }),
        ai({ text: 'no usage' }),
        // Usage on a message that is no AI turn is not a turn of the run's context.
        human('hi', { usage: usage(5, 0) }),
        ai({ usage: usage(4500, 20, undefined, { cacheRead: 4000 }) }),
        ai({ model: 'gpt-5-codex', usage: usage(5000, 30, undefined, { cacheRead: 0 }) }),
      ),
    );
    expect([...growth.index]).toEqual([1, 3, 6, 7]);
    expect([...growth.input]).toEqual([3587, 4000, 4500, 5000]);
    expect([...growth.cacheRead]).toEqual([2560, Number.NaN, 4000, 0]);
    expect([...growth.output]).toEqual([229, 10, 20, 30]);
    expect(growth.models).toEqual(['gpt-5-codex', 'mystery-1', 'unknown']);
    expect([...growth.model]).toEqual([0, 1, 2, 0]);
    expect(growth.windows.map((w) => w?.tokens ?? null)).toEqual([400_000, null, null]);
  });

  it('an empty series for a history without usage', () => {
    const growth = contextGrowth(build(human(), ai({ text: 'hello' })));
    expect(growth.index.length).toBe(0);
    expect(growth.models).toEqual([]);
    expect(growthBuffers(growth).every((buffer) => buffer.byteLength === 0)).toBe(true);
  });

  it('a real Claude Code session: its five turns, cache reads included, and Sonnet 4.5 window', () => {
    const path = new URL('../../../fixtures/real/codemie-code/claude-code-session-9eda1058.jsonl', import.meta.url);
    const growth = contextGrowth(transcript(readFileSync(path, 'utf8')).messages);
    expect([...growth.index]).toEqual([1, 5, 7, 10, 12]);
    expect([...growth.input]).toEqual([27359, 29374, 34895, 35235, 43363]);
    expect([...growth.cacheRead]).toEqual([0, 0, 0, 22912, 0]);
    expect(growth.models).toEqual(['claude-sonnet-4-5-20250929']);
    expect(growth.windows[0]).toMatchObject({ family: 'claude-sonnet-4-5', tokens: 200_000 });
  });

  it('30,000 turns: columns sized once, filled in one walk', () => {
    const messages = build(...Array.from({ length: 30_000 }, (_, i) => ai({ model: 'm', usage: usage(i, 1) })));
    const started = performance.now();
    const growth = contextGrowth(messages);
    expect(growth.input.length).toBe(30_000);
    expect(growth.input[29_999]).toBe(29_999);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { computeComposition } from '../../core/composition';
import { linkToolCalls } from '../../core/links';
import { ai, build, call, human, system, tool, usage } from '../../core/testing/messages';
import type { CompositionView } from '../../protocol/workerApi';
import { axisTicks, barOf, initialTurn, layoutBars, MIN_BAR_PITCH, stackOf, turnHeights } from './contextCompositionBars';

const chars = (text: string): number => text.length;

function view(...drafts: Parameters<typeof build>): CompositionView {
  const messages = build(...drafts);
  return { ...computeComposition(messages, linkToolCalls(messages), chars), encoding: 'test' };
}

describe('composition bars', () => {
  const c = view(
    system('0123456789'),
    human('abcde'),
    ai({ toolCalls: [call('a', 'grep')], usage: usage(40, 1) }), // turn 0: 15 counted, 25 left over
    tool('a', { text: 'x'.repeat(30) }),
    ai({ text: 'done' }), // turn 1: no usage, 10 + 5 + (4 + 2) + 30 counted
    human('y'.repeat(100)),
    ai({ usage: usage(60, 1) }), // turn 2: counted 155 > 60: scaled
  );

  it('makes a reported turn as tall as its report and an unreported one as tall as its count', () => {
    expect([...turnHeights(c)]).toEqual([40, 51, 60]);
  });

  it('stacks the scaled categories, then the left over', () => {
    const system = c.categories.findIndex((k) => k.kind === 'system');
    const human = c.categories.findIndex((k) => k.kind === 'human');
    expect(stackOf(c, 0)).toEqual([
      { category: system, tokens: 10 },
      { category: human, tokens: 5 },
      { category: -1, tokens: 25 },
    ]);
    const scaled = stackOf(c, 2);
    expect(scaled.some((s) => s.category === -1)).toBe(false);
    expect(scaled.reduce((sum, s) => sum + s.tokens, 0)).toBeCloseTo(60, 9);
  });

  it('gives each turn a bar while there is room, capped in width', () => {
    const layout = layoutBars(new Float64Array([1, 2, 3]), 300);
    expect([...layout.turns]).toEqual([0, 1, 2]);
    expect(layout.perBar).toBe(1);
    expect(layout.pitch).toBe(48);
    expect(layoutBars(new Float64Array(100), 300).pitch).toBe(3);
  });

  it('groups turns when they outnumber the pixels, each bar showing the largest of its group', () => {
    const heights = Float64Array.from({ length: 1000 }, (_, t) => (t === 537 ? 1e6 : t % 7));
    const width = 300;
    const layout = layoutBars(heights, width);
    expect(layout.turns.length).toBe(width / MIN_BAR_PITCH);
    expect(layout.perBar).toBe(10);
    expect([...layout.turns]).toContain(537);
    const bar = barOf(layout, 1000, 537);
    expect(layout.turns[bar]).toBe(537);
    // Every turn maps to the bar whose group holds it.
    for (let t = 0; t < 1000; t++) {
      const b = barOf(layout, 1000, t);
      expect(Math.floor((b * 1000) / layout.turns.length)).toBeLessThanOrEqual(t);
      expect(Math.floor(((b + 1) * 1000) / layout.turns.length)).toBeGreaterThan(t);
    }
  });

  it('rounds the axis to steps that cover the largest bar', () => {
    expect(axisTicks(0)).toEqual([0]);
    expect(axisTicks(37_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(axisTicks(180)).toEqual([0, 50, 100, 150, 200]);
  });

  it('starts on the selected turn, else the largest', () => {
    const heights = turnHeights(c);
    expect(initialTurn(c, heights, c.turns.index[1])).toBe(1);
    expect(initialTurn(c, heights, 1)).toBe(2);
    expect(initialTurn(c, heights, undefined)).toBe(2);
  });
});

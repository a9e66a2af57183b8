// The composition chart's geometry, apart from drawing it: each turn's height, which turns get a bar when there are
// more turns than the chart has room for, and the stack of one bar.
import type { CompositionView } from '../../protocol/workerApi';

/** Narrowest bar and its gap, in CSS pixels: a turn narrower than this shares a bar with its neighbours. */
export const MIN_BAR_PITCH = 3;

/**
 * Each turn's bar height: its reported input where it has one (the scaled shares and the left over add up to it),
 * else what was counted.
 */
export function turnHeights(c: CompositionView): Float64Array {
  const { turns } = c;
  const k = c.categories.length;
  const heights = new Float64Array(turns.count);
  for (let t = 0; t < turns.count; t++) {
    let sum = 0;
    for (let i = t * k; i < (t + 1) * k; i++) sum += turns.scaled[i] ?? 0;
    const leftover = turns.leftover[t] ?? NaN;
    heights[t] = Number.isNaN(leftover) ? sum : sum + leftover;
  }
  return heights;
}

export interface BarLayout {
  /** The turn each bar shows, in order. */
  turns: Int32Array;
  /** Turns a bar stands for: 1, or more when the turns outnumber the room. */
  perBar: number;
  /** Distance from one bar to the next, in pixels. */
  pitch: number;
}

/**
 * One bar a turn while each gets at least MIN_BAR_PITCH pixels (and at most `maxPitch`); past that, consecutive turns
 * share a bar, which shows the largest of them (the turn that blew up the context stays visible, and a click on it
 * chooses that turn).
 */
export function layoutBars(heights: Float64Array, width: number, maxPitch = 48): BarLayout {
  const count = heights.length;
  const room = Math.max(1, Math.floor(width / MIN_BAR_PITCH));
  if (count <= room) {
    return { turns: Int32Array.from({ length: count }, (_, t) => t), perBar: 1, pitch: count === 0 ? 0 : Math.min(maxPitch, width / count) };
  }
  const bars = room;
  const turns = new Int32Array(bars);
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((b * count) / bars);
    const to = Math.floor(((b + 1) * count) / bars);
    let best = from;
    for (let t = from + 1; t < to; t++) if ((heights[t] ?? 0) > (heights[best] ?? 0)) best = t;
    turns[b] = best;
  }
  return { turns, perBar: Math.ceil(count / bars), pitch: width / bars };
}

/** The bar of the turns that covers turn `t` (for the chosen turn's mark when bars are shared). */
export function barOf(layout: BarLayout, count: number, t: number): number {
  if (layout.perBar === 1) return t;
  const bars = layout.turns.length;
  // Bar b covers [floor(b·count/bars), floor((b+1)·count/bars)).
  let b = Math.min(bars - 1, Math.floor((t * bars) / count));
  while (b > 0 && Math.floor((b * count) / bars) > t) b--;
  while (b < bars - 1 && Math.floor(((b + 1) * count) / bars) <= t) b++;
  return b;
}

/** A piece of a stacked bar: `category` is a position in `categories`, or -1 for the left over. */
export interface Segment {
  category: number;
  tokens: number;
}

/** Turn `t`'s stack from the bottom: each category with tokens (scaled), then the left over. */
export function stackOf(c: CompositionView, t: number): Segment[] {
  const k = c.categories.length;
  const segments: Segment[] = [];
  for (let i = 0; i < k; i++) {
    const tokens = c.turns.scaled[t * k + i] ?? 0;
    if (tokens > 0) segments.push({ category: i, tokens });
  }
  const leftover = c.turns.leftover[t] ?? NaN;
  if (leftover > 0) segments.push({ category: -1, tokens: leftover });
  return segments;
}

/** Round steps for the token axis: 0 and up to `most` more, the last at or above `max`. */
export function axisTicks(max: number, most = 4): number[] {
  if (!(max > 0)) return [0];
  const raw = max / most;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10) * power;
  const ticks = [0];
  for (let v = step; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/** Which turn to show first: the one whose message is selected, else the largest (the one that blew up the context). */
export function initialTurn(c: CompositionView, heights: Float64Array, selected: number | undefined): number {
  if (c.turns.count === 0) return -1;
  if (selected !== undefined) {
    const t = c.turns.index.indexOf(selected);
    if (t >= 0) return t;
  }
  let best = 0;
  for (let t = 1; t < heights.length; t++) if ((heights[t] ?? 0) > (heights[best] ?? 0)) best = t;
  return best;
}

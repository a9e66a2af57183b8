// The context-growth series as the chart draws it. No chart code here: this loads with the view, the chart later.
import type { ContextGrowth } from '../../core/analytics/contextGrowth';
import type { ContextWindow } from '../../core/analytics/contextWindows';

export interface ChartSeries {
  /** x: the turns' message indices. */
  x: Float64Array;
  input: Float64Array;
  /** The cached part of each input; null where the turn does not say (a gap, not a 0). */
  cached: (number | null)[];
  /** The turn's model's context window; null where it is not known. Absent when no turn's is. */
  window?: (number | null)[];
  /** The distinct windows drawn, for the legend. */
  windows: ContextWindow[];
  maxInput: number;
  maxWindow: number;
}

export function chartSeries(growth: ContextGrowth): ChartSeries {
  const n = growth.index.length;
  const x = Float64Array.from(growth.index);
  const cached = new Array<number | null>(n);
  const window = new Array<number | null>(n);
  let maxInput = 0;
  let maxWindow = 0;
  let anyWindow = false;
  for (let i = 0; i < n; i++) {
    const c = growth.cacheRead[i]!;
    cached[i] = Number.isNaN(c) ? null : c;
    maxInput = Math.max(maxInput, growth.input[i]!);
    const w = growth.windows[growth.model[i]!]?.tokens ?? null;
    window[i] = w;
    if (w !== null) {
      anyWindow = true;
      maxWindow = Math.max(maxWindow, w);
    }
  }
  const windows = growth.windows.filter((w): w is ContextWindow => w !== null);
  return { x, input: growth.input, cached, ...(anyWindow && { window }), windows, maxInput, maxWindow };
}

/** Point i, or -1, whose message index is `index` (the indices ascend: a binary search). */
export function pointOf(x: Float64Array, index: number | undefined): number {
  if (index === undefined) return -1;
  let lo = 0;
  let hi = x.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = x[mid]!;
    if (v === index) return mid;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The x scale: the turns' range with half a message either side, so the first and last points are not on the frame. */
export function xRange(x: Float64Array): [number, number] {
  const first = x[0] ?? 0;
  const last = x[x.length - 1] ?? 0;
  const pad = Math.max(0.5, (last - first) * 0.01);
  return [first - pad, last + pad];
}

// The time since the previous message that has one, for every message, and which gaps are long enough to stand out:
// at least LONG_GAP_MS and LONG_GAP_RATIO times the run's median gap, so that a run of minute-long tool calls does
// not light up everywhere while a two-hour pause in it does.

/** A gap shorter than this never stands out. */
export const LONG_GAP_MS = 30_000;
/** And it must be this many times the median gap of the run. */
export const LONG_GAP_RATIO = 5;

export interface TimeGaps {
  /** By message index: milliseconds since the previous message with a time; NaN without a time or without one before. */
  gap: Float64Array;
  /** Gaps from this many milliseconds on stand out. */
  longFrom: number;
}

function median(values: Float64Array): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Gaps of `times` (milliseconds since the epoch, NaN where a message has none). */
export function timeGaps(times: Float64Array): TimeGaps {
  const gap = new Float64Array(times.length).fill(Number.NaN);
  const positive = new Float64Array(times.length);
  let count = 0;
  let previous = Number.NaN;
  for (let i = 0; i < times.length; i++) {
    const time = times[i]!;
    if (Number.isNaN(time)) continue;
    if (!Number.isNaN(previous)) {
      const between = time - previous;
      gap[i] = between;
      if (between > 0) positive[count++] = between;
    }
    previous = time;
  }
  return { gap, longFrom: Math.max(LONG_GAP_MS, LONG_GAP_RATIO * median(positive.subarray(0, count))) };
}

const cache = new WeakMap<Float64Array, TimeGaps>();

/** The gaps of a view's times, computed once per view. */
export function timeGapsOf(times: Float64Array): TimeGaps {
  let gaps = cache.get(times);
  if (!gaps) {
    gaps = timeGaps(times);
    cache.set(times, gaps);
  }
  return gaps;
}

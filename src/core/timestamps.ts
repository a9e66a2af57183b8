// A message's `timestamp` as the adapters keep it (a string as the input wrote it, or the ISO form of an epoch
// number) in milliseconds since the epoch, for gaps between messages and durations of tool calls.
import type { Message } from './model';

// A date and time with a zone or without one (read as UTC by Date.parse only when it carries a `Z` or an offset;
// local otherwise, which is what the writer meant: Claude Code, Gemini CLI and OTel all write a zone).
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const EPOCH = /^\d{9,19}(?:\.\d+)?$/;

/** Milliseconds since the epoch, or undefined when the text is not a date this reader knows. */
export function timestampMs(text: string): number | undefined {
  const value = text.trim();
  if (ISO.test(value)) {
    const ms = Date.parse(value.replace(' ', 'T'));
    return Number.isFinite(ms) ? ms : undefined;
  }
  if (EPOCH.test(value)) {
    // Seconds, milliseconds, microseconds or nanoseconds, told apart by size (after 1973 and before 2286 each).
    const whole = value.split('.')[0]!;
    if (whole.length <= 10) return Number(value) * 1000;
    if (whole.length <= 13) return Number(value);
    // Past 2^53 (nanoseconds): the milliseconds from their own digits, the rest as a fraction, so nothing rounds.
    const cut = whole.length <= 16 ? whole.length - 3 : whole.length - 6;
    return Number(whole.slice(0, cut)) + Number(`0.${whole.slice(cut)}`);
  }
  return undefined;
}

/** Each message's time in milliseconds, NaN where it has none. */
export function messageTimes(messages: readonly Message[]): Float64Array<ArrayBuffer> {
  const times = new Float64Array(messages.length).fill(Number.NaN);
  for (let i = 0; i < messages.length; i++) {
    const timestamp = messages[i]!.timestamp;
    if (timestamp !== undefined) times[i] = timestampMs(timestamp) ?? Number.NaN;
  }
  return times;
}

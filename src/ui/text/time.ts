// Message times as the page writes them: a card's clock time, the gap since the message before, a detail's local
// date and time, and a duration in a table's narrow column. Times are milliseconds since the epoch (view.columns.timeMs, core/timestamps).

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const local = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** `14:03:27`, local time. */
export function formatClock(ms: number): string {
  return clock.format(ms);
}

/** `Mon, 2 Jun 2025, 12:00:02.300 CEST`: the whole local date and time, to the millisecond. */
export function formatLocalTime(ms: number): string {
  return local.format(ms);
}

const trim = (n: number, digits: number): string => n.toFixed(digits).replace(/\.0+$/, '');

/** A gap between two messages: `+120 ms`, `+2.3 s`, `+45 s`, `+4 min`, `+1.5 h`, `+3 d`; a negative one (times out of order) `−2 s`. */
export function formatGap(ms: number): string {
  const sign = ms < 0 ? '−' : '+';
  const size = Math.abs(ms);
  if (size < 1000) return `${sign}${Math.round(size)} ms`;
  if (size < 10_000) return `${sign}${trim(size / 1000, 1)} s`;
  if (size < 60_000) return `${sign}${Math.round(size / 1000)} s`;
  if (size < 3_600_000) return `${sign}${trim(size / 60_000, size < 600_000 ? 1 : 0)} min`;
  if (size < 86_400_000) return `${sign}${trim(size / 3_600_000, 1)} h`;
  return `${sign}${trim(size / 86_400_000, 1)} d`;
}

/**
 * A duration in a table's narrow column (the messages table's gaps, the Tools table's call times): `340 ms`,
 * `12.3 s`, `4m 05s`, `2h 03m`, `3d 04h`, whole units rather than formatGap's `+4.1 min`, so that a column of them
 * compares at a glance; negative when the times run backwards, `none` where there is no duration.
 */
export function formatDuration(ms: number, none: string): string {
  if (!Number.isFinite(ms)) return none;
  if (ms < 0) return `−${formatDuration(-ms, none)}`;
  // Each unit is checked after rounding, so that 999.6 ms is `1.0 s` and 59.96 s is `1m 00s`, never `1000 ms` or `60.0 s`.
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${pad(seconds % 60)}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ${pad(minutes % 60)}m`;
  const hours = Math.round(minutes / 60);
  return `${Math.floor(hours / 24)}d ${pad(hours % 24)}h`;
}

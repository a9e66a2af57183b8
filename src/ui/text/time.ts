// Message times as the page writes them: a card's clock time, the gap since the message before, and a detail's
// local date and time. Times are milliseconds since the epoch (view.columns.timeMs, core/timestamps).

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

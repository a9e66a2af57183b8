// How the messages table writes its numbers: one short line a cell.
import type { Finding, Severity } from '../../core/model';
import { formatCount } from '../text/format';

/** In a cell without a value: a message without usage, time or gap. */
export const NO_VALUE = '—';

export function formatTokens(n: number | undefined): string {
  return n === undefined ? NO_VALUE : formatCount(n);
}

/** A gap between two messages: `340 ms`, `12.3 s`, `4m 05s`, `2h 03m`, `3d 04h`; negative when the times run backwards. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  if (ms < 0) return `−${formatDuration(-ms)}`;
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

/** A message's time of day in this browser's zone, `14:03:07`; the cell's title gives the full date. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export type SeverityCounts = Record<Severity, number>;

export function severityCounts(findings: readonly Finding[] | undefined): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings ?? []) counts[finding.severity] += 1;
  return counts;
}

/** The mark after each count in the findings cell: `2 ✕ 1 ⚠`. */
export const SEVERITY_MARKS: Record<Severity, string> = { error: '✕', warning: '⚠', info: 'ℹ' };

/** A cell's text on one line: whitespace runs as one space, at most `max` characters looked at. */
export function oneLine(text: string, max = 300): string {
  return text.slice(0, max).replace(/\s+/g, ' ').trim();
}

// How the messages table writes its numbers: one short line a cell.
import type { Finding, Severity } from '../../core/model';
import { formatCount } from '../text/format';

/** In a cell without a value: a message without usage, time or gap. */
export const NO_VALUE = '—';

export function formatTokens(n: number | undefined): string {
  return n === undefined ? NO_VALUE : formatCount(n);
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

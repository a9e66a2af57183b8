import { describe, expect, it } from 'vitest';
import type { Finding } from '../../core/model';
import { formatClock, formatDuration, formatTokens, NO_VALUE, oneLine, severityCounts } from './tableFormat';

describe('formatDuration', () => {
  it('writes a gap in the unit that reads best, rounding up across units', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(340.4)).toBe('340 ms');
    expect(formatDuration(999.6)).toBe('1.0 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(59_960)).toBe('1m 00s');
    expect(formatDuration(245_000)).toBe('4m 05s');
    expect(formatDuration(3_599_600)).toBe('1h 00m');
    expect(formatDuration(7_380_000)).toBe('2h 03m');
    expect(formatDuration(273_600_000)).toBe('3d 04h');
  });

  it('says when times run backwards, and that there is no gap without times', () => {
    expect(formatDuration(-1500)).toBe('−1.5 s');
    expect(formatDuration(Number.NaN)).toBe(NO_VALUE);
  });
});

describe('the other cells', () => {
  it('writes tokens with separators, none as a dash', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
    expect(formatTokens(0)).toBe('0');
    expect(formatTokens(undefined)).toBe(NO_VALUE);
  });

  it("writes a time of day in the browser's zone", () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 5, 600);
    const date = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatClock(ms)).toBe(`${pad(date.getHours())}:${pad(date.getMinutes())}:05`);
    expect(formatClock(Number.NaN)).toBe(NO_VALUE);
  });

  it('counts findings by severity', () => {
    const finding = (severity: Finding['severity']) => ({ severity }) as Finding;
    expect(severityCounts([finding('error'), finding('info'), finding('error')])).toEqual({ error: 2, warning: 0, info: 1 });
    expect(severityCounts(undefined)).toEqual({ error: 0, warning: 0, info: 0 });
  });

  it('puts text on one line', () => {
    expect(oneLine('  a\n\n b\tc  ')).toBe('a b c');
    expect(oneLine('x'.repeat(1000), 10)).toBe('x'.repeat(10));
  });
});

import { describe, expect, it } from 'vitest';
import type { Finding } from '../../core/model';
import { formatClock, formatTokens, NO_VALUE, oneLine, severityCounts } from './tableFormat';

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

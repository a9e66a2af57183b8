import { describe, expect, it } from 'vitest';
import { formatDuration } from './time';

describe('formatDuration', () => {
  it('writes a duration in the unit that reads best, rounding up across units', () => {
    expect(formatDuration(0, '—')).toBe('0 ms');
    expect(formatDuration(340.4, '—')).toBe('340 ms');
    expect(formatDuration(850, '—')).toBe('850 ms');
    expect(formatDuration(999.6, '—')).toBe('1.0 s');
    expect(formatDuration(3_240, '—')).toBe('3.2 s');
    expect(formatDuration(12_340, '—')).toBe('12.3 s');
    expect(formatDuration(59_960, '—')).toBe('1m 00s');
    expect(formatDuration(96_000, '—')).toBe('1m 36s');
    expect(formatDuration(245_000, '—')).toBe('4m 05s');
    expect(formatDuration(3_599_600, '—')).toBe('1h 00m');
    expect(formatDuration(7_380_000, '—')).toBe('2h 03m');
    expect(formatDuration(273_600_000, '—')).toBe('3d 04h');
  });

  it('says when times run backwards, and writes `none` where there is no duration', () => {
    expect(formatDuration(-1500, '—')).toBe('−1.5 s');
    expect(formatDuration(-245_000, '')).toBe('−4m 05s');
    expect(formatDuration(Number.NaN, '—')).toBe('—');
    expect(formatDuration(Number.NaN, '')).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY, '')).toBe('');
  });
});

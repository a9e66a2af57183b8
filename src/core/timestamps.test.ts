import { describe, expect, it } from 'vitest';
import { messageTimes, timestampMs } from './timestamps';
import type { Message } from './model';

describe('timestampMs', () => {
  it('reads ISO dates with a zone, an offset or a space', () => {
    expect(timestampMs('2025-06-02T10:15:30.250Z')).toBe(Date.UTC(2025, 5, 2, 10, 15, 30, 250));
    expect(timestampMs('2025-06-02T12:15:30+02:00')).toBe(Date.UTC(2025, 5, 2, 10, 15, 30));
    expect(timestampMs('2025-06-02 10:15:30Z')).toBe(Date.UTC(2025, 5, 2, 10, 15, 30));
  });

  it('reads epoch numbers in seconds, milliseconds, microseconds and nanoseconds', () => {
    const ms = Date.UTC(2025, 5, 2, 10, 15, 30, 250);
    expect(timestampMs('1748859330.25')).toBe(ms);
    expect(timestampMs(String(ms))).toBe(ms);
    expect(timestampMs(`${ms}000`)).toBe(ms);
    expect(timestampMs(`${ms}000000`)).toBe(ms);
  });

  it('leaves what is not a date alone', () => {
    expect(timestampMs('yesterday')).toBeUndefined();
    expect(timestampMs('2025-13-45T99:99Z')).toBeUndefined();
    expect(timestampMs('42')).toBeUndefined();
    expect(timestampMs('')).toBeUndefined();
  });

  it('gives NaN for messages without a time', () => {
    const times = messageTimes([{ timestamp: '2025-06-02T10:15:30Z' }, {}, { timestamp: 'soon' }] as Message[]);
    expect(times[0]).toBe(Date.UTC(2025, 5, 2, 10, 15, 30));
    expect(times[1]).toBeNaN();
    expect(times[2]).toBeNaN();
  });
});

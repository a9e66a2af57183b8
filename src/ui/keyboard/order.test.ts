import { describe, expect, it } from 'vitest';
import type { Finding, Severity } from '../../core/model';
import { inListOrder, steppedFinding } from './findingOrder';
import { steppedTo } from './messageOrder';

describe('steppedTo', () => {
  const rows = Int32Array.from([7, 2, 9, 4]);

  it('steps through the rows in their order, not the messages’, and stops at the ends', () => {
    expect(steppedTo(rows, 2, 1)).toBe(9);
    expect(steppedTo(rows, 2, -1)).toBe(7);
    expect(steppedTo(rows, 7, -1)).toBe(7);
    expect(steppedTo(rows, 4, 1)).toBe(4);
  });

  it('starts at the first row with nothing selected, or a message the rows leave out', () => {
    expect(steppedTo(rows, undefined, 1)).toBe(7);
    expect(steppedTo(rows, 3, -1)).toBe(7);
    expect(steppedTo(new Int32Array(0), 1, 1)).toBeUndefined();
  });
});

const finding = (messageIndex: number, severity: Severity, rule = 'orphan-tool-call'): Finding =>
  ({ rule, severity, messageIndex, related: [], text: '', why: '', fix: '' }) as Finding;

describe('the findings in the list’s order', () => {
  const warning = finding(1, 'warning');
  const error6 = finding(6, 'error');
  const info = finding(0, 'info');
  const error2 = finding(2, 'error');
  const order = inListOrder([warning, error6, info, error2]);

  it('are the errors, then the warnings, then the notes, each in the history’s order', () => {
    expect(order).toEqual([error6, error2, warning, info]);
  });

  it('step on from the one stepped to last, round at either end', () => {
    expect(steppedFinding(order, error6, 6, 1)).toBe(error2);
    expect(steppedFinding(order, info, 0, 1)).toBe(error6);
    expect(steppedFinding(order, error6, 6, -1)).toBe(info);
  });

  it('step on from the selected message’s first finding once another message is selected', () => {
    // The last one stepped to was #6's, but the user selected #1 since.
    expect(steppedFinding(order, error6, 1, 1)).toBe(info);
    expect(steppedFinding(order, null, 2, -1)).toBe(error6);
  });

  it('start at the first (n) or the last (N) with no finding to go on from', () => {
    expect(steppedFinding(order, null, undefined, 1)).toBe(error6);
    expect(steppedFinding(order, null, 4, -1)).toBe(info);
    expect(steppedFinding([], null, undefined, 1)).toBeUndefined();
  });

  it('go on from a finding of the whole history, which has no message to select', () => {
    const whole = finding(-1, 'warning', 'system-not-first');
    const withWhole = inListOrder([error6, whole, info]);
    expect(steppedFinding(withWhole, whole, 6, 1)).toBe(info);
  });
});

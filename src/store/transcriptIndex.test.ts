import { describe, expect, it } from 'vitest';
import type { Finding } from '../core/model';
import { testMessage, testView } from './testing/transcript';
import { indexOf } from './transcriptIndex';

const finding = (messageIndex: number, severity: Finding['severity']): Finding => ({
  rule: 'tool-error',
  severity,
  messageIndex,
  related: [],
  text: '',
  why: '',
  fix: '',
});

describe('indexOf', () => {
  const view = testView(
    [testMessage(0, 'human'), testMessage(1, 'ai'), testMessage(2, 'tool'), testMessage(3, 'tool')],
    [finding(2, 'warning'), finding(2, 'error'), finding(3, 'error')],
  );

  it('groups findings by message and counts severities and roles', () => {
    const index = indexOf(view);
    expect(index.findingsByMessage.get(2)?.map((f) => f.severity)).toEqual(['warning', 'error']);
    expect(index.findingsByMessage.has(0)).toBe(false);
    expect(index.severityCounts).toEqual({ error: 2, warning: 1, info: 0 });
    expect(index.roleCounts).toEqual({ system: 0, human: 1, ai: 1, tool: 2, other: 0 });
  });

  it('is built once per history', () => {
    expect(indexOf(view)).toBe(indexOf(view));
  });
});

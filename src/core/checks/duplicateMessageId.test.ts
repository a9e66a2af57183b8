import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, human } from '../testing/messages';
import { duplicateMessageId } from './duplicateMessageId';

describe('duplicate-message-id', () => {
  it('fires at each later message that reuses an id', () => {
    const findings = check(duplicateMessageId, build(human('a', { id: 'm1' }), ai({ id: 'm1' }), human('b', { id: 'm1' })));
    expect(brief(findings)).toEqual([
      { rule: 'duplicate-message-id', at: 1 },
      { rule: 'duplicate-message-id', at: 2 },
    ]);
    expect(findings.map((f) => f.related)).toEqual([[0], [0]]);
    expect(findings[0]?.messageId).toBe('m1');
    expect(findings[0]?.severity).toBe('warning');
  });

  it('does not fire for distinct or missing ids', () => {
    expect(check(duplicateMessageId, build(human('a', { id: 'm1' }), ai({ id: 'm2' }), human(), ai()))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, tool } from '../testing/messages';
import { toolNameMismatch } from './toolNameMismatch';

describe('tool-name-mismatch', () => {
  it('fires when the result names another tool than its call', () => {
    const findings = check(toolNameMismatch, build(ai({ toolCalls: [call('a', 'search')] }), tool('a', { name: 'fetch' })));
    expect(brief(findings)).toEqual([{ rule: 'tool-name-mismatch', at: 1, id: 'a' }]);
    expect(findings[0]?.text).toBe('Tool result message #1 is named fetch, but the call "a" it answers in message #0 is search.');
  });

  it('does not fire for matching or absent names', () => {
    const messages = build(ai({ toolCalls: [call('a', 'search'), call('b', 'fetch')] }), tool('a', { name: 'search' }), tool('b'));
    expect(check(toolNameMismatch, messages)).toEqual([]);
  });
});

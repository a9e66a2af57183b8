import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, tool } from '../testing/messages';
import { toolError } from './toolError';

const withResult = (text: string, status?: string) => build(ai({ toolCalls: [call('a', 'create_order')] }), tool('a', { name: 'create_order', text, status }));

describe('tool-error', () => {
  it('fires for status error and links the call', () => {
    const findings = check(toolError, withResult('{"status": "error", "summary": "rate limited"}', 'error'));
    expect(brief(findings)).toEqual([{ rule: 'tool-error', at: 1, id: 'a' }]);
    expect(findings[0]?.related).toEqual([0]);
    expect(findings[0]?.text).toBe('Tool result message #1 (create_order "a") is an error: {"status": "error", "summary": "rate limited"}');
  });

  it.each([
    "Error: ValueError('boom')\n Please fix your mistakes.",
    "Error: Failed to parse tool call arguments for 'x'.\nDetails: bad\nPlease fix your mistakes and try again.",
    "Error invoking tool 'x' with kwargs {} with error:\n boom\n Please fix the error and try again.",
    'Error: foo is not a valid tool, try one of [bar, baz].',
  ])('fires for the ToolNode error text %j without a status', (text) => {
    expect(brief(check(toolError, withResult(text)))).toEqual([{ rule: 'tool-error', at: 1, id: 'a' }]);
  });

  it.each(['ok', 'Error: the log has 3 errors.', 'No errors found. Please fix your mistakes.'])('does not fire for %j with status success', (text) => {
    expect(check(toolError, withResult(text, 'success'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, call, tool } from '../testing/messages';
import { invalidToolCall } from './invalidToolCall';

describe('invalid-tool-call', () => {
  it('fires for each invalid_tool_calls entry', () => {
    const messages = build(ai({ id: 'ai_1', invalidToolCalls: [call('bad', 'get_weather', { invalid: true, args: '{"city": "B"', error: 'not JSON' })] }));
    const findings = check(invalidToolCall, messages);
    expect(brief(findings)).toEqual([{ rule: 'invalid-tool-call', at: 0, id: 'bad' }]);
    expect(findings[0]?.text).toBe('Message #0 has an invalid get_weather call "bad": not JSON (arguments: {"city": "B")');
    expect(findings[0]?.why).toContain("Error: Failed to parse tool call arguments for 'get_weather'.");
    expect(findings[0]?.rejectedBy?.map((r) => r.target)).toEqual(['openai-chat']);
    expect(findings[0]?.why).toContain(
      "LangChain's own answer for such a call (tool_messages_from_invalid_tool_calls) reads: Error: Failed to parse tool call arguments for 'get_weather'.\nDetails: not JSON\nPlease fix your mistakes and try again.",
    );
  });

  it("quotes LangChain's reply without a Details line for a call without an error, and names a nameless call unknown", () => {
    const [f] = check(invalidToolCall, build(ai({ invalidToolCalls: [call('bad', '', { invalid: true, args: '{' })] })));
    expect(f?.why).toContain("reads: Error: Failed to parse tool call arguments for 'unknown'.\nPlease fix your mistakes and try again.");
    expect(f?.why).not.toContain('Details:');
  });

  it('fires for a call whose argument text is not JSON', () => {
    const c = call('c1', 'get_weather', { args: '{"location": "Hangzhou"', argsText: '{"location": "Hangzhou"', error: 'Unexpected end' });
    const findings = check(invalidToolCall, build(ai({ toolCalls: [c] }), tool('c1')));
    expect(brief(findings)).toEqual([{ rule: 'invalid-tool-call', at: 0, id: 'c1' }]);
    expect(findings[0]?.text).toContain('not valid JSON: {"location": "Hangzhou"');
    // docs/FORMATS.md, "OpenAI Chat Completions": no provider is on record rejecting unparsable arguments, so none is claimed.
    expect(findings[0]?.rejectedBy).toBeUndefined();
  });

  it('does not fire for valid calls', () => {
    expect(check(invalidToolCall, build(ai({ toolCalls: [call('c1', 'x', { args: { a: 1 } })] }), tool('c1')))).toEqual([]);
  });

  it('fires for an answered invalid call, and points at the error ToolMessage instead of asking for one', () => {
    const messages = build(ai({ invalidToolCalls: [call('bad', 'x', { invalid: true, error: 'e' })] }), tool('bad', { status: 'error' }));
    const [f] = check(invalidToolCall, messages);
    expect(f?.fix).toContain('Message #1 already answers it');
    expect(f?.why).not.toContain('OpenAI');
  });
});

import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import type { ContentBlock } from '../model';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { thinkingMissingSignature } from './thinkingMissingSignature';

const block = (raw: Record<string, unknown>, kind: ContentBlock['kind'] = 'reasoning'): ContentBlock => ({
  kind,
  type: typeof raw.type === 'string' ? raw.type : '(none)',
  raw,
});

describe('thinking-missing-signature', () => {
  it('fires for Anthropic thinking without signature, naming its block in the request', () => {
    const messages = build(
      system(),
      human(),
      ai({
        content: [block({ type: 'text', text: 'Let me check.' }, 'text'), block({ type: 'thinking', thinking: 'The user wants the weather.' })],
        toolCalls: [call('toolu_1')],
      }),
      tool('toolu_1'),
    );
    const findings = check(thinkingMissingSignature, messages);
    expect(brief(findings)).toEqual([{ rule: 'thinking-missing-signature', at: 2 }]);
    expect(findings[0]?.text).toBe('Message #2 has a thinking block without its signature.');
    expect(findings[0]?.rejectedBy?.[0]?.target).toBe('anthropic');
    expect(findings[0]?.rejectedBy?.[0]?.error).toBe('messages.1.content.1.thinking.signature: Field required');
  });

  it('quotes the invalid-signature answer for an empty signature, and says when no text is on record', () => {
    const errorFor = (signature: unknown) =>
      check(thinkingMissingSignature, build(human(), ai({ content: [block({ type: 'thinking', thinking: 't', signature })] })))[0]?.rejectedBy?.[0]?.error;
    expect(errorFor('')).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    expect(errorFor(null)).toMatch(/^messages\.1\.content\.0: a `thinking` block whose `signature` is not a string \(no verbatim error text on record/);
  });

  it('fires for redacted thinking without data', () => {
    const findings = check(thinkingMissingSignature, build(human(), ai({ content: [block({ type: 'redacted_thinking' })] })));
    expect(findings[0]?.text).toBe('Message #1 has a redacted_thinking block without its data.');
    expect(findings[0]?.rejectedBy?.[0]?.error).toBe('messages.1.content.0.redacted_thinking.data: Field required');
    const empty = check(thinkingMissingSignature, build(human(), ai({ content: [block({ type: 'redacted_thinking', data: '' })] })));
    expect(empty[0]?.rejectedBy?.[0]?.error).toBe('messages.1.content.0: Invalid `data` in `redacted_thinking` block');
  });

  it('fires for a Gemini functionCall part without thoughtSignature when the model thinks', () => {
    const fc = (name: string, extra = {}) => call('', name, { id: undefined, raw: { functionCall: { name, args: {} }, ...extra } });
    const thought = block({ text: 'planning', thought: true }, 'reasoning');
    const messages = build(
      human(),
      ai({ content: [thought], toolCalls: [fc('a', { thoughtSignature: 'CiQB' }), fc('b')] }),
      tool('', { toolCallId: undefined }),
      tool('', { toolCallId: undefined }),
      ai({ toolCalls: [fc('c')] }),
    );
    const findings = check(thinkingMissingSignature, messages);
    // The parallel call b needs no signature of its own; the later turn's first call does.
    expect(brief(findings)).toEqual([{ rule: 'thinking-missing-signature', at: 4 }]);
    expect(findings[0]?.rejectedBy?.[0]).toEqual({
      target: 'gemini',
      error:
        'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:c` , position …. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.',
    });
  });

  it('does not fire for signed thinking, other reasoning, or Gemini calls from a model that shows no thinking', () => {
    const signed = block({ type: 'thinking', thinking: 't', signature: 'EqQB' });
    const summary = block({ type: 'reasoning', summary: [{ type: 'summary_text', text: 's' }] });
    const fc = call('', 'a', { id: undefined, raw: { functionCall: { name: 'a', args: {} } } });
    const messages = build(human(), ai({ content: [signed, summary] }), human(), ai({ toolCalls: [fc] }));
    expect(check(thinkingMissingSignature, messages)).toEqual([]);
  });
});

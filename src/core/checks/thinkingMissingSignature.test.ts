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

/**
 * Unsigned thinking blocks whose reads are counted: each block's `type`, and each element of the wire
 * message's content list read. Past `perBlock` reads a block the count throws, so a rule that reads every
 * block again for each finding fails at once with that message instead of running for minutes.
 */
function countedReads(perBlock: number, blocks: number) {
  const counter = { reads: 0 };
  const tick = (): void => {
    if (++counter.reads > perBlock * blocks) throw new Error(`over budget: more than ${perBlock} reads a block`);
  };
  const thinking = (i: number): ContentBlock => {
    const raw: Record<string, unknown> = { thinking: `t${i}` };
    Object.defineProperty(raw, 'type', { enumerable: true, get: () => (tick(), 'thinking') });
    return { kind: 'reasoning', type: 'thinking', raw };
  };
  /** The wire content list as an array whose elements count when read (indexOf reads each). */
  const wire = (content: readonly ContentBlock[]): unknown[] =>
    new Proxy(
      content.map((b) => b.raw),
      { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && tick(), Reflect.get(target, key, receiver) as unknown) },
    );
  return { counter, thinking, wire };
}

describe('thinking-missing-signature stays linear', () => {
  // Each finding built its message's whole turn again (and each block looked itself up in the wire
  // content): 4,000 blocks in one message took 10 s, 8,000 messages in one turn 12.6 s.
  const n = 3000;

  it('reads each block of one message of n unsigned thinking blocks a bounded number of times', () => {
    const { counter, thinking, wire } = countedReads(20, n);
    const content = Array.from({ length: n }, (_, i) => thinking(i));
    const findings = check(thinkingMissingSignature, build(human(), ai({ content, raw: { role: 'assistant', content: wire(content) } })));
    expect(findings).toHaveLength(n);
    expect(findings.at(-1)?.rejectedBy?.[0]?.error).toBe(`messages.1.content.${n - 1}.thinking.signature: Field required`);
    expect(counter.reads).toBeGreaterThan(n);
  });

  it('reads each block of a turn of n messages with one unsigned block each a bounded number of times', () => {
    const { counter, thinking, wire } = countedReads(20, n);
    const drafts = Array.from({ length: n }, (_, i) => {
      const content = [thinking(i)];
      return ai({ content, turn: 1, raw: { role: 'assistant', content: wire(content) } });
    });
    // Numbered as build does: too many to spread as arguments.
    const messages = [human(), ...drafts].map((draft, index) => ({ location: { path: `messages[${index}]` }, ...draft, index }));
    const findings = check(thinkingMissingSignature, messages);
    expect(findings).toHaveLength(n);
    expect(findings.at(-1)?.rejectedBy?.[0]?.error).toBe(`messages.1.content.${n - 1}.thinking.signature: Field required`);
    expect(counter.reads).toBeGreaterThan(n);
  });
});

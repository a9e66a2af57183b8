import { describe, expect, it } from 'vitest';
import { computeComposition } from '../../core/composition';
import { linkToolCalls } from '../../core/links';
import { ai, build, call, human, tool, usage } from '../../core/testing/messages';
import { ROLE_ORDER } from '../../protocol/workerApi';
import { estimatesOf } from './useTokenEstimates';

const chars = (text: string): number => text.length;

describe('token estimates for the messages table', () => {
  const thinking = { kind: 'reasoning' as const, type: 'thinking', text: 'hmm', raw: {} };
  const messages = build(
    human('abcd'),
    ai({ text: 'ok', content: [thinking, { kind: 'text', type: 'text', text: 'ok', raw: 'ok' }], toolCalls: [call('a', 'ls')] }),
    tool('a', { text: 'x'.repeat(10) }),
    ai({ text: 'done', usage: usage(100, 4) }),
  );
  const c = { ...computeComposition(messages, linkToolCalls(messages), chars), encoding: 'test' };
  const view = {
    count: messages.length,
    columns: {
      role: Uint8Array.from(messages, (m) => ROLE_ORDER.indexOf(m.role)),
      usageTotal: Float64Array.from(messages, (m) => m.usage?.total ?? -1),
    },
  };
  const { input, output } = estimatesOf(view, c);

  it("gives a message its own tokens, an AI turn its context's, and an AI message its own as output", () => {
    expect(input[0]).toBe(4);
    // The first AI turn's context is the human message; its own text, call (`ls` `{}`) and reasoning are its output.
    expect(input[1]).toBe(4);
    expect(output[1]).toBe(2 + 2 + 2 + 3);
    expect(input[2]).toBe(10);
    expect(Number.isNaN(output[0])).toBe(true);
  });

  it('estimates nothing for a message that reports usage', () => {
    expect(Number.isNaN(input[3])).toBe(true);
    expect(Number.isNaN(output[3])).toBe(true);
  });
});

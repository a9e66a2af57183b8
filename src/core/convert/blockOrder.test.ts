import { describe, expect, it } from 'vitest';
import type { ContentBlock } from '../model';
import { ai, build, call } from '../testing/messages';
import { inBlockOrder } from './blockOrder';

const text = (t: string): ContentBlock => ({ kind: 'text', type: 'text', text: t, raw: { text: t } });
const callBlock = (raw: unknown): ContentBlock => ({ kind: 'tool_call', type: 'tool_use', raw });

const walk = (...args: Parameters<typeof ai>) =>
  inBlockOrder(
    build(ai(...args))[0]!,
    (c) => `call ${c.id}`,
    (b) => (b.kind === 'text' ? `text ${b.text}` : undefined),
  );

describe('inBlockOrder', () => {
  it('puts each call where its block stood', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const parts = walk({ content: [text('1'), callBlock(b), text('2'), callBlock(a)], toolCalls: [call('a', 'f', { raw: a }), call('b', 'f', { raw: b })] });
    expect(parts).toEqual(['text 1', 'call b', 'text 2', 'call a']);
  });

  it('writes calls with no block of their own last, invalid ones after valid ones', () => {
    const parts = walk({
      content: [text('1')],
      toolCalls: [call('a', 'f', { raw: { id: 'a' } })],
      invalidToolCalls: [call('x', 'f', { raw: { id: 'x' }, invalid: true })],
    });
    expect(parts).toEqual(['text 1', 'call a', 'call x']);
  });

  it('hands a tool_call block that is no call of the message to the block callback, and drops what it drops', () => {
    const seen: string[] = [];
    const parts = inBlockOrder(
      build(ai({ content: [callBlock({ id: 'stray' }), text('1')] }))[0]!,
      (c) => `call ${c.id}`,
      (b) => {
        seen.push(b.kind);
        return b.kind === 'text' ? `text ${b.text}` : undefined;
      },
    );
    expect(parts).toEqual(['text 1']);
    expect(seen).toEqual(['tool_call', 'text']);
  });

  it('gives a raw part shared by two calls to the first; the second goes last', () => {
    const raw = { id: 'shared' };
    const parts = walk({ content: [callBlock(raw), text('1')], toolCalls: [call('a', 'f', { raw }), call('b', 'f', { raw })] });
    expect(parts).toEqual(['call a', 'text 1', 'call b']);
  });
});

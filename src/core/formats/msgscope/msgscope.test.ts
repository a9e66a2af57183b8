import { describe, expect, it } from 'vitest';
import { input, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { msgscope } from './msgscope';

const doc = (messages: unknown[], version: unknown = 1) => ({ format: 'msgscope', version, source: { format: 'x', label: 'X' }, messages });

describe('msgscope adapter', () => {
  it('claims its own envelope ahead of the role/content readers', () => {
    const value = doc([{ role: 'human', sourceType: 'user', content: [], text: 'hi', toolCalls: [], invalidToolCalls: [], raw: { role: 'user' } }]);
    expect(msgscope.detect(input(value))).toBe(100);
    expect(detectFormat(input(value))?.name).toBe('msgscope');
    expect(msgscope.detect(input({ messages: [] }))).toBe(0);
  });

  it('reads every field back, and keeps the original raw', () => {
    const t = transcript(
      JSON.stringify(
        doc([
          {
            index: 0,
            role: 'ai',
            sourceType: 'AIMessageChunk',
            id: 'a1',
            content: [{ kind: 'reasoning', type: 'thinking', text: 't', raw: { type: 'thinking' } }],
            text: '',
            toolCalls: [{ id: 'c', name: 'f', args: { x: 1 }, argsText: '{"x":1}', raw: {} }],
            invalidToolCalls: [{ id: 'd', name: 'g', args: '{', error: 'bad', invalid: true, raw: {} }],
            usage: { input: 1, output: 2, total: 5, totalReported: true, cacheRead: 1 },
            model: 'm',
            timestamp: '2025-01-01T00:00:00Z',
            turn: 3,
            raw: { original: true },
            location: { path: 'values.messages[7]' },
          },
        ]),
      ),
    );
    const [m] = t.messages;
    expect(m).toMatchObject({
      role: 'ai',
      sourceType: 'AIMessageChunk',
      id: 'a1',
      toolCalls: [{ id: 'c', name: 'f', args: { x: 1 }, argsText: '{"x":1}' }],
      invalidToolCalls: [{ id: 'd', invalid: true, error: 'bad' }],
      usage: { input: 1, output: 2, total: 5, totalReported: true, cacheRead: 1 },
      turn: 3,
      raw: { original: true },
      location: { path: 'messages[0]', line: 1 },
    });
    expect(t.findings.map((f) => f.rule)).toEqual(['invalid-tool-call', 'anthropic-roles', 'usage-mismatch', 'pending-tool-call']);
  });

  it('keeps unreadable elements on the timeline with the reason', () => {
    const { messages } = msgscope.read(input(doc([42, { role: 'robot' }, { role: 'human', content: [{ kind: 'bogus' }, 'x'] }])));
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['other', 'expected a message object, got a number'],
      ['other', 'unknown role "robot": expected system, human, ai, tool, other'],
      ['human', undefined],
    ]);
    expect(messages[2]?.content.map((b) => b.kind)).toEqual(['other', 'other']);
  });

  it('refuses a version it does not know, saying which', () => {
    const { messages } = msgscope.read(input(doc([], 2)));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.problem).toBe('msgscope JSON version 2 is not one this msgscope reads (1)');
  });
});

import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired } from '../testing/repair';
import { expectRepairedAndAccepted } from '../testing/repairChecks';

describe('emptyAiMessage', () => {
  it('drops an empty AI message in the middle of the history, and keeps an empty last one', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [] },
      { role: 'user', content: 'Hello?' },
      { role: 'assistant', content: [] },
    ]);
    expect(rejected(readBack(text), 'anthropic')).toEqual(['empty-ai-message']);
    const result = repaired(text, { target: 'anthropic' });
    expect(result.edits).toEqual([expect.objectContaining({ message: 1, action: 'dropped', rule: 'empty-ai-message' })]);
    expect(result.accepted).toBe(true);
    expect(readBack(result.text).messages.map((m) => m.role)).toEqual(['human', 'human', 'ai']);
  });
});

// The every-fixture checks (src/core/testing/repairChecks.ts) on histories that need the repair, which no fixture does.
const empty: [string, string][] = [
  [
    'OpenAI Chat',
    listed('messages', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'Hello?' },
      { role: 'assistant', content: 'Hi!' },
    ]),
  ],
  [
    // The top-level system prompt makes it Anthropic's.
    'Anthropic',
    `{"system": "Be brief.", ${listed('messages', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [] },
      { role: 'user', content: 'Hello?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ]).slice(1)}`,
  ],
  [
    'LangChain stored',
    listed(undefined, [
      { type: 'human', data: { content: 'Hi', type: 'human' } },
      { type: 'ai', data: { content: '', type: 'ai' } },
      { type: 'human', data: { content: 'Hello?', type: 'human' } },
      { type: 'ai', data: { content: 'Hi!', type: 'ai' } },
    ]),
  ],
];

describe.each(empty)('emptyAiMessage, in %s', (format, text) => {
  it.each([undefined, 'anthropic' as const, 'gemini' as const])('is dropped and accepted for %s, every other message kept byte for byte', (target) => {
    const result = expectRepairedAndAccepted(text, target);
    expect(result.format).toBe(readBack(text).format);
    // Anthropic's system prompt is message #0.
    const index = format === 'Anthropic' ? 2 : 1;
    expect(result.edits.map((e) => [e.message, e.action, e.rule])).toEqual([[index, 'dropped', 'empty-ai-message']]);
    expect(readBack(result.text).messages.map((m) => m.text)).toEqual([...(format === 'Anthropic' ? ['Be brief.'] : []), 'Hi', 'Hello?', 'Hi!']);
  });
});

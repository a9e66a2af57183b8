import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired } from '../testing/repair';

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

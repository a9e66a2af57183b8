import { describe, expect, it } from 'vitest';
import { listed, readBack, repaired } from '../testing/repair';

const text = listed('messages', [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hi' },
  { role: 'system', content: 'Answer in French.' },
  { role: 'assistant', content: 'Bonjour' },
]);

describe('systemFirst', () => {
  it('moves a late system message to the start, behind the first, for Anthropic, Gemini and all targets', () => {
    for (const options of [{}, { target: 'anthropic' as const }, { target: 'gemini' as const }]) {
      const result = repaired(text, options);
      expect(result.edits).toEqual([expect.objectContaining({ message: 2, action: 'moved', rule: 'system-not-first' })]);
      expect(readBack(result.text).messages.map((m) => m.text)).toEqual(['Be brief.', 'Answer in French.', 'Hi', 'Bonjour']);
      expect(readBack(result.text).findings.map((f) => f.rule)).not.toContain('system-not-first');
    }
  });

  it('leaves it where it is for a target that takes system messages anywhere, and says so', () => {
    const result = repaired(text, { target: 'openai-chat' });
    expect(result.edits).toEqual([]);
    expect(result.text).toBe(text);
    expect(result.notes).toEqual([expect.stringContaining('takes system messages at any position')]);
  });
});

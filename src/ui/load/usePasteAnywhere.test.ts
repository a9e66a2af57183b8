import { describe, expect, it } from 'vitest';
import { isSearchText } from './usePasteAnywhere';

describe('isSearchText', () => {
  it('takes a line with no shape of a history as something to look for', () => {
    for (const text of ['call_abc123', '  toolu_01A09q90qw90lq917835lq9 \n', 'get_weather', 'rate limited', 'error [timeout]', 'https://example.com/x']) {
      expect(isSearchText(text), text).toBe(true);
    }
  });

  it('leaves what may be a history to the reader: JSON, JSON Lines, SSE, Python repr, several lines', () => {
    for (const text of [
      '{"messages": []}',
      '[{"role": "user", "content": "hi"}]',
      '{"role":"user","content":"a"}\n{"role":"assistant","content":"b"}',
      'data: {"type":"message_start"}',
      "[HumanMessage(content='hi')]",
      "HumanMessage(content='hi')",
      '================================ Human Message =================================\n\nhi',
      'two lines\nof prose',
      '',
      '   ',
    ]) {
      expect(isSearchText(text), text).toBe(false);
    }
  });
});

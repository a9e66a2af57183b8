import { describe, expect, it } from 'vitest';
import { blockTypes, listed, readBack, rejected, repaired, wire } from '../testing/repair';

describe('moveResults', () => {
  it('moves a result that a message separates from its call behind the results already there', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_p', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          { id: 'call_r', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
      { role: 'user', content: 'And Rome?' },
      { role: 'tool', tool_call_id: 'call_r', content: 'Rain' },
    ]);
    const result = repaired(text);
    expect(result.edits).toEqual([expect.objectContaining({ message: 4, action: 'moved', rule: 'tool-results-not-adjacent' })]);
    expect(readBack(result.text).messages.map((m) => m.toolCallId ?? m.role)).toEqual(['human', 'ai', 'call_p', 'call_r', 'human']);
    // Entries keep their own text and the separators the file had.
    const { messages } = wire(text);
    expect(result.text).toBe(listed('messages', [messages[0], messages[1], messages[2], messages[4], messages[3]]));
  });

  it('moves an Anthropic tool_result to the start of its user turn', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Read it' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
        ],
      },
    ]);
    expect(rejected(readBack(text), 'anthropic')).toContain('tool-results-not-adjacent');
    const result = repaired(text, { target: 'anthropic' });
    expect(result.accepted).toBe(true);
    expect(blockTypes(wire(result.text).messages[2])).toEqual(['tool_result', 'text']);
  });

  it('moves a tool_result out of the assistant message into a user turn after it', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Read it' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
    expect(rejected(readBack(text), 'anthropic')).toContain('tool-result-wrong-role');
    const result = repaired(text, { target: 'anthropic' });
    expect(result.edits).toEqual([expect.objectContaining({ message: 2, action: 'moved', rule: 'tool-result-wrong-role' })]);
    expect(result.accepted).toBe(true);
    const { messages } = wire(result.text);
    expect(blockTypes(messages[1])).toEqual(['tool_use']);
    expect(blockTypes(messages[2])).toEqual(['tool_result', 'text']);
  });

  it('moves a Gemini functionResponse out of the model turn', () => {
    const text = listed('contents', [
      { role: 'user', parts: [{ text: 'Book it' }] },
      { role: 'model', parts: [{ functionCall: { name: 'book', args: {} } }, { functionResponse: { name: 'book', response: { ok: true } } }] },
      { role: 'model', parts: [{ text: 'Booked.' }] },
    ]);
    expect(rejected(readBack(text), 'gemini')).toContain('tool-result-wrong-role');
    const result = repaired(text, { target: 'gemini' });
    expect(result.accepted).toBe(true);
    const { contents } = wire(result.text);
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user', 'model']);
    expect(contents[2]?.parts).toEqual([{ functionResponse: { name: 'book', response: { ok: true } } }]);
  });
});

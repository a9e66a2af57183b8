import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired } from '../testing/repair';

const call = (id: string, city: string) => ({ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } });

describe('strayResult', () => {
  it('drops a result no call issued, naming it and what it said', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [call('call_p', 'Paris')] },
      { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_gone', content: 'Rain' },
      { role: 'assistant', content: 'Sunny in Paris.' },
    ]);
    const result = repaired(text);
    expect(result.edits).toEqual([
      expect.objectContaining({ message: 3, action: 'dropped', rule: 'orphan-tool-result', text: expect.stringMatching(/call_gone.*"Rain"/) }),
    ]);
    expect(result.accepted).toBe(true);
    expect(readBack(result.text).messages.map((m) => m.toolCallId ?? m.role)).toEqual(['human', 'ai', 'call_p', 'ai']);
  });

  it('re-attaches a result that comes before its call: right after the call', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
      { role: 'assistant', content: null, tool_calls: [call('call_p', 'Paris')] },
      { role: 'assistant', content: 'Sunny in Paris.' },
    ]);
    expect(rejected(readBack(text))).toContain('tool-result-before-call');
    const result = repaired(text);
    expect(result.edits).toEqual([expect.objectContaining({ message: 1, action: 'moved', rule: 'tool-result-before-call' })]);
    expect(result.accepted).toBe(true);
    expect(readBack(result.text).messages.map((m) => m.toolCallId ?? m.role)).toEqual(['human', 'ai', 'call_p', 'ai']);
  });

  it('keeps a history that is nothing but stray results, listing them', () => {
    const text = listed('messages', [{ role: 'tool', tool_call_id: 'call_1', content: 'a' }]);
    const result = repaired(text);
    expect(result.text).toBe(text);
    expect(result.unrepaired.map((u) => u.reason)).toEqual(['every message of the history would be dropped, which leaves no history to send']);
  });

  it('acts only on what the target rejects: LangGraph takes a stray result', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Hi' },
      { role: 'tool', tool_call_id: 'call_gone', content: 'Rain' },
      { role: 'assistant', content: 'Hello' },
    ]);
    expect(repaired(text, { target: 'langgraph' }).edits).toEqual([]);
    expect(repaired(text, { target: 'openai-chat' }).edits).toHaveLength(1);
  });
});

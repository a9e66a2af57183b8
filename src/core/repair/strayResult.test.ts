import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired } from '../testing/repair';
import { expectRepairedAndAccepted } from '../testing/repairChecks';

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

// The every-fixture checks (src/core/testing/repairChecks.ts) on histories that need the re-attach, which no fixture does.
const before: [string, string][] = [
  [
    'OpenAI Chat',
    listed('messages', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
      { role: 'assistant', content: null, tool_calls: [call('call_p', 'Paris')] },
      { role: 'assistant', content: 'Sunny in Paris.' },
    ]),
  ],
  [
    'LangChain stored',
    listed(undefined, [
      { type: 'human', data: { content: 'Weather in Paris?', type: 'human' } },
      { type: 'tool', data: { content: 'Sunny', type: 'tool', tool_call_id: 'call_p' } },
      { type: 'ai', data: { content: '', type: 'ai', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'call_p', type: 'tool_call' }] } },
      { type: 'ai', data: { content: 'Sunny in Paris.', type: 'ai' } },
    ]),
  ],
  [
    // The result is a block of a user turn that keeps its text.
    'Anthropic',
    listed('messages', [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Paris?' },
          { type: 'tool_result', tool_use_id: 'toolu_p', content: 'Sunny' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_p', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Sunny in Paris.' }] },
    ]),
  ],
];

describe.each(before)('strayResult, a result before its call, in %s', (_format, text) => {
  it.each([undefined, 'openai-chat' as const, 'anthropic' as const, 'gemini' as const])(
    'is re-attached and accepted for %s, every other message kept byte for byte',
    (target) => {
      const result = expectRepairedAndAccepted(text, target);
      expect(result.edits.map((e) => [e.message, e.action, e.rule])).toEqual([[1, 'moved', 'tool-result-before-call']]);
      const back = readBack(result.text);
      expect(back.messages.findIndex((m) => m.toolCallId !== undefined)).toBe(back.messages.findIndex((m) => m.toolCalls.length > 0) + 1);
    },
  );
});

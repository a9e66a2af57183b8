import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired, wire } from '../testing/repair';
import { expectRepairedAndAccepted } from '../testing/repairChecks';

const call = (id: string, name = 'get_weather') => ({ id, type: 'function', function: { name, arguments: '{}' } });

/** An OpenAI Chat request whose second call reuses the first one's id. */
const OPENAI_ISSUED_TWICE = listed('messages', [
  { role: 'user', content: 'Paris, then Rome' },
  { role: 'assistant', content: null, tool_calls: [call('call_1')] },
  { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
  { role: 'assistant', content: null, tool_calls: [call('call_1')] },
  { role: 'tool', tool_call_id: 'call_1', content: 'Rain' },
  { role: 'assistant', content: 'Done.' },
]);

describe('uniqueIds', () => {
  it('gives a call id issued again a new one, in the call and in its result', () => {
    const text = OPENAI_ISSUED_TWICE;
    expect(rejected(readBack(text))).toContain('duplicate-tool-call-id');
    const result = repaired(text);
    expect(result.edits.map((e) => [e.message, e.action, e.rule])).toEqual([
      [3, 'renamed', 'duplicate-tool-call-id'],
      [4, 'renamed', 'duplicate-tool-call-id'],
    ]);
    expect(result.accepted).toBe(true);
    const back = readBack(result.text);
    expect(back.messages.map((m) => m.toolCalls[0]?.id ?? m.toolCallId)).toEqual([undefined, 'call_1', 'call_1', 'call_1_2', 'call_1_2', undefined]);
  });

  it('renames every copy of the id in a LangChain message (additional_kwargs too), and no other message', () => {
    const ai = (content: string) => ({
      type: 'ai',
      data: {
        content,
        type: 'ai',
        tool_calls: [{ name: 'f', args: {}, id: 'call_1', type: 'tool_call' }],
        additional_kwargs: { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      },
    });
    const tool = (content: string) => ({ type: 'tool', data: { content, type: 'tool', tool_call_id: 'call_1' } });
    const text = listed(undefined, [{ type: 'human', data: { content: 'Go', type: 'human' } }, ai('a'), tool('x'), ai('b'), tool('y')]);
    const result = repaired(text);
    const out = wire(result.text);
    expect(out[3]?.data?.tool_calls?.[0]?.id).toBe('call_1_2');
    expect(out[3]?.data?.additional_kwargs?.tool_calls?.[0]?.id).toBe('call_1_2');
    expect(out[4]?.data?.tool_call_id).toBe('call_1_2');
    expect(result.text.split('\n').slice(0, 4)).toEqual(text.split('\n').slice(0, 4));
  });

  it('drops a second answer that says what the first said, and lists one that says something else', () => {
    const history = (second: string) =>
      listed('messages', [
        { role: 'user', content: 'Paris?' },
        { role: 'assistant', content: null, tool_calls: [call('call_1')] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
        { role: 'tool', tool_call_id: 'call_1', content: second },
        { role: 'assistant', content: 'Sunny.' },
      ]);
    const same = repaired(history('Sunny'));
    expect(same.edits).toEqual([expect.objectContaining({ message: 3, action: 'dropped', rule: 'duplicate-tool-call-id' })]);
    expect(same.accepted).toBe(true);
    const other = repaired(history('Rain'));
    expect(other.edits).toEqual([]);
    expect(other.unrepaired).toEqual([
      expect.objectContaining({ rule: 'duplicate-tool-call-id', message: 3, reason: expect.stringContaining('other content') }),
    ]);
    expect(other.accepted).toBe(false);
  });

  it('gives a message id that another message has a new one, for LangGraph', () => {
    const text = listed(undefined, [
      { type: 'human', data: { content: 'Hi', type: 'human', id: 'm1' } },
      { type: 'ai', data: { content: 'Hello', type: 'ai', id: 'm1' } },
    ]);
    const result = repaired(text, { target: 'langgraph' });
    expect(result.edits).toEqual([
      expect.objectContaining({ message: 1, action: 'renamed', rule: 'duplicate-message-id', text: expect.stringContaining('m1_2') }),
    ]);
    expect(readBack(result.text).messages.map((m) => m.id)).toEqual(['m1', 'm1_2']);
    expect(readBack(result.text).findings.map((f) => f.rule)).not.toContain('duplicate-message-id');
    expect(repaired(text, { target: 'openai-chat' }).edits).toEqual([]);
  });
});

// The every-fixture checks (src/core/testing/repairChecks.ts) on histories that need the repair, which no fixture does.
const lcAi = (calls: readonly string[], content = '') => ({
  type: 'ai',
  data: { content, type: 'ai', tool_calls: calls.map((id) => ({ name: 'get_weather', args: {}, id, type: 'tool_call' })) },
});
const lcTool = (id: string, content: string) => ({ type: 'tool', data: { content, type: 'tool', tool_call_id: id } });
const toolUse = (id: string) => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
const toolResult = (id: string, content: string) => ({ type: 'tool_result', tool_use_id: id, content });

const issuedTwice: [string, string][] = [
  ['OpenAI Chat', OPENAI_ISSUED_TWICE],
  [
    'LangChain stored',
    listed(undefined, [
      { type: 'human', data: { content: 'Paris, then Rome', type: 'human' } },
      lcAi(['call_1']),
      lcTool('call_1', 'Sunny'),
      lcAi(['call_1']),
      lcTool('call_1', 'Rain'),
      lcAi([], 'Done.'),
    ]),
  ],
  [
    'Anthropic',
    listed('messages', [
      { role: 'user', content: 'Paris, then Rome' },
      { role: 'assistant', content: [toolUse('toolu_1')] },
      { role: 'user', content: [toolResult('toolu_1', 'Sunny')] },
      { role: 'assistant', content: [toolUse('toolu_1')] },
      { role: 'user', content: [toolResult('toolu_1', 'Rain')] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]),
  ],
];

describe.each(issuedTwice)('uniqueIds, a call id issued twice, in %s', (_format, text) => {
  it.each([undefined, 'openai-chat' as const])('is accepted for %s, every other message kept byte for byte', (target) => {
    const result = expectRepairedAndAccepted(text, target);
    expect(result.edits.map((e) => [e.message, e.action, e.rule])).toEqual([
      [3, 'renamed', 'duplicate-tool-call-id'],
      [4, 'renamed', 'duplicate-tool-call-id'],
    ]);
  });
});

const sharedMessageId: [string, string][] = [
  [
    'LangChain stored',
    listed(undefined, [
      { type: 'human', data: { content: 'Hi', type: 'human', id: 'm1' } },
      { type: 'ai', data: { content: 'Hello', type: 'ai', id: 'm1' } },
      { type: 'human', data: { content: 'Bye', type: 'human', id: 'm3' } },
    ]),
  ],
  [
    'LangChain dicts',
    listed(undefined, [
      { role: 'user', content: 'Hi', id: 'm1' },
      { role: 'assistant', content: 'Hello', id: 'm1' },
      { role: 'user', content: 'Bye', id: 'm3' },
    ]),
  ],
  [
    'OpenAI Responses',
    listed('input', [
      { type: 'message', id: 'msg_1', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Hello' }] },
      { type: 'message', id: 'msg_3', role: 'user', content: [{ type: 'input_text', text: 'Bye' }] },
    ]),
  ],
];

describe.each(sharedMessageId)('uniqueIds, a message id two messages have, in %s', (_format, text) => {
  it.each([undefined, 'langgraph' as const])('is accepted for %s, every other message kept byte for byte', (target) => {
    const result = expectRepairedAndAccepted(text, target);
    expect(result.edits.map((e) => [e.message, e.action, e.rule])).toEqual([[1, 'renamed', 'duplicate-message-id']]);
    expect(readBack(result.text).findings.map((f) => f.rule)).not.toContain('duplicate-message-id');
  });
});

import { describe, expect, it } from 'vitest';
import { listed, readBack, rejected, repaired } from '../testing/repair';
import { INTERRUPTED } from './writable';

/** A call the history goes on past, in each format repair writes back, and the result its reader must find. */
const CASES: { format: string; text: string; added: unknown }[] = [
  {
    format: 'openai-chat',
    text: listed('messages', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
      { role: 'user', content: 'Well?' },
    ]),
    added: { role: 'tool', tool_call_id: 'call_1', content: INTERRUPTED },
  },
  {
    format: 'openai-chat',
    text: listed(undefined, [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{}' } },
      { role: 'user', content: 'Well?' },
    ]),
    added: { role: 'function', name: 'get_weather', content: INTERRUPTED },
  },
  {
    format: 'langchain-stored',
    text: listed(undefined, [
      { type: 'human', data: { content: 'Add 2 and 2', type: 'human' } },
      { type: 'ai', data: { content: '', type: 'ai', tool_calls: [{ name: 'add', args: { a: 2, b: 2 }, id: 'call_1', type: 'tool_call' }] } },
      { type: 'human', data: { content: 'Well?', type: 'human' } },
    ]),
    added: {
      type: 'tool',
      data: {
        content: INTERRUPTED,
        additional_kwargs: {},
        response_metadata: {},
        type: 'tool',
        name: 'add',
        id: null,
        tool_call_id: 'call_1',
        artifact: null,
        status: 'error',
      },
    },
  },
  {
    format: 'langchain-serialized',
    text: listed(undefined, [
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Add 2 and 2' } },
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'AIMessage'],
        kwargs: { content: '', tool_calls: [{ name: 'add', args: {}, id: 'call_1', type: 'tool_call' }] },
      },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Well?' } },
    ]),
    added: {
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'ToolMessage'],
      kwargs: { content: INTERRUPTED, type: 'tool', name: 'add', tool_call_id: 'call_1', status: 'error' },
    },
  },
  {
    format: 'anthropic',
    text: listed('messages', [
      { role: 'user', content: 'Read config.json' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'config.json' } }] },
      { role: 'user', content: [{ type: 'text', text: 'Well?' }] },
    ]),
    added: { type: 'tool_result', tool_use_id: 'toolu_1', content: INTERRUPTED, is_error: true },
  },
  {
    format: 'gemini',
    text: listed('contents', [
      { role: 'user', parts: [{ text: 'Book a table' }] },
      { role: 'model', parts: [{ function_call: { name: 'book_table', args: {} } }] },
      { role: 'model', parts: [{ text: 'Done.' }] },
    ]),
    added: { function_response: { name: 'book_table', response: { error: INTERRUPTED } } },
  },
  {
    format: 'openai-responses',
    text: listed('input', [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Run it' }] },
      { type: 'custom_tool_call', call_id: 'call_1', name: 'code_exec', input: 'print(1)' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Well?' }] },
    ]),
    added: { type: 'custom_tool_call_output', call_id: 'call_1', output: INTERRUPTED },
  },
  {
    format: 'vercel-ai',
    text: listed('messages', [
      { role: 'user', content: 'List the folder' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_ls', toolName: 'listFolder', args: { path: '/tmp' } }] },
      { role: 'user', content: 'Well?' },
    ]),
    added: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_ls', toolName: 'listFolder', result: INTERRUPTED, isError: true }] },
  },
  {
    format: 'ollama',
    text: listed('messages', [
      { role: 'user', content: 'Temperature?' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_temperature', arguments: { city: 'Paris' } } }] },
      { role: 'user', content: 'Well?' },
    ]),
    added: { role: 'tool', content: INTERRUPTED, tool_name: 'get_temperature' },
  },
];

describe('answerOrphanCall', () => {
  it.each(CASES.map((c) => [c.format, c] as const))('answers the call in %s, in place', (format, { text, added }) => {
    expect(rejected(readBack(text))).toContain('orphan-tool-call');
    const result = repaired(text);
    expect(result.format).toBe(format);
    expect(result.converted).toBeUndefined();
    expect(result.accepted).toBe(true);
    expect(result.edits).toEqual([expect.objectContaining({ action: 'added', rule: 'orphan-tool-call', message: 1 })]);
    expect(result.text).toContain(JSON.stringify(added));
    const back = readBack(result.text);
    expect(back.format).toBe(format);
    expect(rejected(back)).toEqual([]);
    // The added result answers the call, right after it.
    expect(back.messages[2]).toMatchObject({ role: 'tool', text: INTERRUPTED });
  });

  it('puts the answer behind the results the call already has, in the order of the calls', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_p', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
          { id: 'call_r', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
      { role: 'user', content: 'And Rome?' },
    ]);
    const back = readBack(repaired(text).text);
    expect(back.messages.map((m) => m.toolCallId ?? m.role)).toEqual(['human', 'ai', 'call_p', 'call_r', 'human']);
  });

  it('answers every orphaned call, also past the findings a rule quotes in full (core/repeats)', () => {
    const messages = Array.from({ length: 30 }, (_, i) => [
      { role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'user', content: `Next ${i}` },
    ]).flat();
    const result = repaired(listed('messages', [{ role: 'user', content: 'Go' }, ...messages]));
    expect(result.edits).toHaveLength(30);
    expect(result.accepted).toBe(true);
  });

  it('leaves a pending call (one that ends the history) alone', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
    ]);
    const result = repaired(text);
    expect(result.edits).toEqual([]);
    expect(result.text).toBe(text);
    expect(result.accepted).toBe(true);
  });

  it('starts a user turn of its own when the next Anthropic turn cannot take a block', () => {
    const text = listed('messages', [
      { role: 'user', content: 'Read config.json' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Could not read it.' }] },
    ]);
    const result = repaired(text);
    expect(result.accepted).toBe(true);
    expect(result.text).toContain(
      JSON.stringify({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: INTERRUPTED, is_error: true }] }),
    );
  });

  it('lists a call whose format has no result for it (an OpenAI computer call)', () => {
    const text = listed('input', [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Click it' }] },
      { type: 'computer_call', call_id: 'call_1', action: { type: 'click', x: 1, y: 2 } },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Well?' }] },
    ]);
    const result = repaired(text);
    expect(result.accepted).toBe(false);
    expect(result.edits).toEqual([]);
    expect(result.unrepaired).toEqual([expect.objectContaining({ rule: 'orphan-tool-call', message: 1, reason: expect.stringContaining('no tool result') })]);
  });
});

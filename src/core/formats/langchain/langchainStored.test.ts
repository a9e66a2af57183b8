import { describe, expect, it } from 'vitest';
import { readWith } from '../../testing/importing';
import { STORED_1A } from '../../testing/samples';
import { langchainStored } from './langchainStored';

const read = readWith(langchainStored);
const PYTHON_1A = JSON.parse(STORED_1A) as unknown[];

describe('langchain-stored', () => {
  it('reads Python messages_to_dict output', () => {
    const messages = read(PYTHON_1A);
    expect(messages.map((m) => [m.role, m.sourceType, m.id, m.text, m.location.path])).toEqual([
      ['system', 'system', undefined, 'You are helpful.', '[0]'],
      ['human', 'human', 'h1', 'What is 2+2?', '[1]'],
      ['ai', 'ai', 'lc_run--abc-0', '', '[2]'],
      ['tool', 'tool', undefined, '4', '[3]'],
      ['tool', 'tool', undefined, 'err', '[4]'],
    ]);
    const [, , ai, ok, failed] = messages;
    expect(ai).toMatchObject({
      model: 'gpt-4o',
      content: [],
      toolCalls: [{ id: 'call_1', name: 'add', args: { a: 2, b: 2 } }],
      invalidToolCalls: [{ id: 'call_2', name: 'mul', args: '{bad', argsText: '{bad', error: 'bad json', invalid: true }],
      usage: { input: 10, output: 5, total: 15, totalReported: true, cacheRead: 3, reasoning: 2 },
    });
    expect(ok).toMatchObject({ name: 'add', toolCallId: 'call_1', status: 'success' });
    expect(failed).toMatchObject({ toolCallId: 'call_2', status: 'error' });
    expect(messages.map((m) => m.raw)).toEqual(PYTHON_1A);
    expect(messages.every((m) => m.problem === undefined)).toBe(true);
  });

  it('reads 0.3 dumps with `example`', () => {
    const [message] = read([
      { type: 'human', data: { content: 'hi', additional_kwargs: {}, response_metadata: {}, type: 'human', name: null, id: null, example: false } },
    ]);
    expect(message).toMatchObject({ role: 'human', text: 'hi' });
  });

  it('reads JS toDict output: generic (ChatMessage) with its role, function, and chunks typed "ai"', () => {
    const messages = read([
      { type: 'generic', data: { content: 'Looks good.', role: 'critic', name: undefined, tool_call_id: undefined } },
      { type: 'generic', data: { content: 'Sure.', role: 'assistant' } },
      { type: 'function', data: { content: '42', name: 'calculator' } },
      { type: 'ai', data: { content: 'part', tool_call_chunks: [], tool_calls: [], invalid_tool_calls: [], id: 'run-1' } },
    ]);
    expect(messages.map((m) => [m.role, m.sourceType, m.name, m.text])).toEqual([
      ['other', 'generic', undefined, 'Looks good.'],
      ['ai', 'generic', undefined, 'Sure.'],
      ['tool', 'function', 'calculator', '42'],
      ['ai', 'ai', undefined, 'part'],
    ]);
  });

  it('reads Python chat messages by data.role', () => {
    const [message] = read([{ type: 'chat', data: { content: 'x', role: 'user', type: 'chat' } }]);
    expect(message).toMatchObject({ role: 'human', sourceType: 'chat' });
  });

  it('reads JS legacy {type, role, text}', () => {
    const raw = { type: 'human', role: 'user', text: 'Hello there' };
    expect(read([raw])).toEqual([expect.objectContaining({ role: 'human', sourceType: 'human', text: 'Hello there', raw, location: { path: '[0]' } })]);
  });

  it('reads chunk types (langchain-core 1.2.6 output, verbatim)', () => {
    const chunk =
      JSON.parse(`{"type":"AIMessageChunk","data":{"content":"","additional_kwargs":{},"response_metadata":{},"type":"AIMessageChunk","name":null,"id":null,
 "tool_calls":[{"name":"add","args":{"a":2},"id":"call_1","type":"tool_call"}],"invalid_tool_calls":[],"usage_metadata":null,
 "tool_call_chunks":[{"name":"add","args":"{\\"a\\": 2}","id":"call_1","index":0,"type":"tool_call_chunk"}],"chunk_position":"last"}}`) as unknown;
    const tool = { type: 'ToolMessageChunk', data: { content: '4', tool_call_id: 'c', artifact: null, status: 'success' } };
    const [ai, result] = read([chunk, tool]);
    expect(ai).toMatchObject({ role: 'ai', sourceType: 'AIMessageChunk', toolCalls: [{ id: 'call_1', name: 'add', args: { a: 2 } }], usage: undefined });
    expect(result).toMatchObject({ role: 'tool', sourceType: 'ToolMessageChunk', toolCallId: 'c', status: 'success' });
  });

  it('reads RemoveMessage', () => {
    const [message] = read([{ type: 'remove', data: { content: '', id: '__remove_all__', type: 'remove' } }]);
    expect(message).toMatchObject({ role: 'other', sourceType: 'remove', id: '__remove_all__' });
    expect(message?.problem).toBeUndefined();
  });

  it('keeps what it cannot read as unrecognized messages, saying why', () => {
    const elements = [42, { type: 'ai' }, { data: { content: 'x' } }, { type: 'robot', data: { content: 'x' } }, { type: 'ai', data: { id: 'a' } }];
    const messages = read(elements);
    expect(messages.map((m) => m.problem)).toEqual([
      'expected an object with `type` and `data`, got a number',
      'expected `data` (an object) next to `type`',
      'expected a string `type` next to `data`',
      'unknown message type "robot": expected human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)',
      'missing `content`',
    ]);
    expect(messages[0]).toEqual({
      role: 'other',
      sourceType: '(unrecognized)',
      content: [],
      text: '42',
      toolCalls: [],
      invalidToolCalls: [],
      raw: 42,
      location: { path: '[0]' },
      problem: 'expected an object with `type` and `data`, got a number',
    });
    expect(messages.map((m) => m.raw)).toEqual(elements);
    expect(messages[1]?.text).toBe('{"type":"ai"}');
  });
});

import { describe, expect, it } from 'vitest';
import { readWith } from '../../testing/importing';
import { langchainDict } from './langchainDict';

const read = readWith(langchainDict);

describe('langchain-dict', () => {
  it('reads LangGraph thread-state messages (the flat data part of 1a)', () => {
    const state = {
      values: {
        messages: [
          { content: 'What is 2+2?', additional_kwargs: {}, response_metadata: {}, type: 'human', name: null, id: 'h1', example: false },
          {
            content: '',
            additional_kwargs: { refusal: null },
            response_metadata: { model_name: 'gpt-4o', finish_reason: 'tool_calls' },
            type: 'ai',
            name: null,
            id: 'lc_run--abc-0',
            tool_calls: [{ name: 'add', args: { a: 2, b: 2 }, id: 'call_1', type: 'tool_call' }],
            invalid_tool_calls: [{ type: 'invalid_tool_call', id: 'call_2', name: 'mul', args: '{bad', error: 'bad json' }],
            usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
          },
          { content: '4', type: 'tool', name: 'add', id: 't1', tool_call_id: 'call_1', artifact: null, status: 'success' },
          { content: 'pa', type: 'AIMessageChunk', id: 'run-2', tool_call_chunks: [] },
        ],
      },
      next: [],
      checkpoint: { thread_id: 't', checkpoint_ns: '', checkpoint_id: 'c' },
    };
    const messages = read(state);
    expect(messages.map((m) => [m.role, m.sourceType, m.id, m.location.path])).toEqual([
      ['human', 'human', 'h1', 'values.messages[0]'],
      ['ai', 'ai', 'lc_run--abc-0', 'values.messages[1]'],
      ['tool', 'tool', 't1', 'values.messages[2]'],
      ['ai', 'AIMessageChunk', 'run-2', 'values.messages[3]'],
    ]);
    expect(messages[1]).toMatchObject({
      model: 'gpt-4o',
      toolCalls: [{ id: 'call_1', name: 'add', args: { a: 2, b: 2 } }],
      invalidToolCalls: [{ id: 'call_2', error: 'bad json', invalid: true }],
      usage: { input: 10, output: 5, total: 15 },
    });
    expect(messages[2]).toMatchObject({ toolCallId: 'call_1', status: 'success', name: 'add' });
  });

  it('maps every role alias, trying role before type', () => {
    const messages = read([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
      { role: 'system', content: 'c' },
      { role: 'developer', content: 'd' },
      { role: 'tool', content: 'e', tool_call_id: 'x' },
      { role: 'function', content: 'f', name: 'fn' },
      { type: 'human', content: 'g' },
      { type: 'ai', content: 'h' },
      { type: 'remove', content: '', id: 'm1' },
      { type: 'message', role: 'user', content: 'i' },
    ]);
    expect(messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['human', 'user'],
      ['ai', 'assistant'],
      ['system', 'system'],
      ['system', 'developer'],
      ['tool', 'tool'],
      ['tool', 'function'],
      ['human', 'human'],
      ['ai', 'ai'],
      ['other', 'remove'],
      ['human', 'user'],
    ]);
  });

  it('reads convert_to_openai_messages output: OpenAI tool calls with JSON-string arguments', () => {
    const messages = read([
      { role: 'assistant', tool_calls: [{ type: 'function', id: 'toolu_1', function: { name: 'add', arguments: '{"a": 1}' } }], content: [] },
      { role: 'tool', tool_call_id: 'toolu_1', content: '2' },
    ]);
    expect(messages[0]).toMatchObject({ role: 'ai', toolCalls: [{ id: 'toolu_1', name: 'add', args: { a: 1 }, argsText: '{"a": 1}' }] });
    expect(messages[1]).toMatchObject({ role: 'tool', toolCallId: 'toolu_1', text: '2', status: undefined });
  });

  it('reads null content and an assistant message whose content is left out', () => {
    const messages = read([
      { role: 'assistant', content: null, tool_calls: [] },
      { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
    ]);
    expect(messages.map((m) => [m.role, m.text, m.content, m.problem])).toEqual([
      ['ai', '', [], undefined],
      ['ai', '', [], undefined],
    ]);
  });

  it('reads OpenAI content parts', () => {
    const [message] = read([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this image?' },
          { type: 'image_url', image_url: { url: 'https://x/cat.png', detail: 'low' } },
        ],
      },
    ]);
    expect(message?.content.map((block) => block.kind)).toEqual(['text', 'image']);
    expect(message?.text).toBe('What is in this image?');
  });

  it('reads [role, content] pairs', () => {
    expect(
      read([
        ['system', 'Be brief.'],
        ['human', 'hi'],
        ['ai', 'hello'],
      ]).map((m) => [m.role, m.text]),
    ).toEqual([
      ['system', 'Be brief.'],
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
  });

  it('keeps what it cannot read as unrecognized messages, saying why', () => {
    const elements = [null, ['critic', 'x'], { content: 'no role' }, { role: 'critic', content: 'x' }, { role: 'user' }];
    expect(read({ messages: elements }).map((m) => [m.location.path, m.role, m.problem])).toEqual([
      ['messages[0]', 'other', 'expected an object with `role` or `type` and `content`, got null'],
      ['messages[1]', 'other', 'expected an object with `role` or `type` and `content`, got an array'],
      ['messages[2]', 'other', 'expected a string `role` or `type`'],
      [
        'messages[3]',
        'other',
        'unknown message type "critic": expected human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)',
      ],
      ['messages[4]', 'other', 'missing `content`'],
    ]);
  });
});

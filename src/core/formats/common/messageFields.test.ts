import { describe, expect, it } from 'vitest';
import { baseType, isMessageType, readContent, readMessage as readFields, readToolCall, readUsage } from './messageFields';

describe('baseType', () => {
  it('maps class and chunk names to type names', () => {
    expect(['AIMessageChunk', 'HumanMessage', 'ChatMessageChunk', 'RemoveMessage', 'ai', 'generic'].map(baseType)).toEqual([
      'ai',
      'human',
      'chat',
      'remove',
      'ai',
      'generic',
    ]);
    expect(isMessageType('ToolMessageChunk')).toBe(true);
    expect(isMessageType('constructor')).toBe(false);
    expect(isMessageType('PromptTemplate')).toBe(false);
  });
});

describe('readContent', () => {
  it('reads a string, an empty string and null', () => {
    expect(readContent('hi')).toEqual([{ kind: 'text', type: 'text', text: 'hi', raw: 'hi' }]);
    expect(readContent('')).toEqual([]);
    expect(readContent(null)).toEqual([]);
  });

  it('reads LangChain v1 standard blocks', () => {
    const blocks = [
      { type: 'text', text: 'See', annotations: [{ type: 'citation', url: 'https://x' }] },
      { type: 'reasoning', reasoning: 'think', extras: { signature: 'sig' } },
      { type: 'tool_call', id: 'c1', name: 'add', args: { a: 1 } },
      { type: 'image', url: 'https://x/cat.png' },
      { type: 'audio', base64: 'AAA', mime_type: 'audio/wav' },
      { type: 'video', file_id: 'f1' },
      { type: 'file', file_id: 'f2' },
      { type: 'text-plain', text: 'doc body', mime_type: 'text/plain' },
      { type: 'server_tool_result', tool_call_id: 's1', status: 'success', output: 'found' },
      { type: 'non_standard', value: { x: 1 } },
    ];
    expect(readContent(blocks).map(({ kind, type, text }) => [kind, type, text])).toEqual([
      ['text', 'text', 'See'],
      ['reasoning', 'reasoning', 'think'],
      ['tool_call', 'tool_call', undefined],
      ['image', 'image', undefined],
      ['audio', 'audio', undefined],
      ['file', 'video', undefined],
      ['file', 'file', undefined],
      ['file', 'text-plain', 'doc body'],
      ['tool_result', 'server_tool_result', 'found'],
      ['other', 'non_standard', undefined],
    ]);
    expect(readContent(blocks).map((block) => block.raw)).toEqual(blocks);
  });

  it('reads provider-native blocks: Anthropic, OpenAI Chat and Responses, LangChain v0', () => {
    const blocks = [
      'plain string part',
      { type: 'thinking', thinking: '…', signature: 'sig' },
      { type: 'redacted_thinking', data: 'enc' },
      { type: 'tool_use', id: 'toolu_1', name: 'search', input: { q: 'x' } },
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'result text' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAA' } },
      { type: 'image', source_type: 'url', url: 'https://x/cat.png' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAA' } },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'sum' }] },
      { type: 'function_call', call_id: 'call_1', name: 'add', arguments: '{}' },
      { type: 'refusal', refusal: 'I cannot' },
      { type: 'output_text', text: 'out' },
      { type: 'mystery', text: 'kept' },
      { no_type: true },
      42,
    ];
    expect(readContent(blocks).map(({ kind, type, text }) => [kind, type, text])).toEqual([
      ['text', 'text', 'plain string part'],
      ['reasoning', 'thinking', '…'],
      ['reasoning', 'redacted_thinking', undefined],
      ['tool_call', 'tool_use', undefined],
      ['tool_result', 'tool_result', 'result text'],
      ['image', 'image_url', undefined],
      ['image', 'image', undefined],
      ['image', 'image', undefined],
      ['reasoning', 'reasoning', 'sum'],
      ['tool_call', 'function_call', undefined],
      ['text', 'refusal', 'I cannot'],
      ['text', 'output_text', 'out'],
      ['other', 'mystery', 'kept'],
      ['other', '(none)', undefined],
      ['other', '(none)', undefined],
    ]);
  });

  it('keeps content of an unexpected kind as one block', () => {
    expect(readContent({ text: 'x' })).toEqual([{ kind: 'other', type: '(none)', raw: { text: 'x' } }]);
  });
});

describe('readToolCall', () => {
  it('reads a LangChain tool call', () => {
    const raw = { name: 'add', args: { a: 2 }, id: 'call_1', type: 'tool_call' };
    expect(readToolCall(raw, false)).toEqual({ id: 'call_1', name: 'add', args: { a: 2 }, raw });
  });

  it('parses OpenAI arguments and keeps the text', () => {
    const raw = { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a": 1}' } };
    expect(readToolCall(raw, false)).toEqual({ id: 'call_1', name: 'add', args: { a: 1 }, argsText: '{"a": 1}', raw });
  });

  it('flags OpenAI arguments that are not JSON, saying where', () => {
    const raw = { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"location": "Hangzhou"' } };
    expect(readToolCall(raw, false)).toEqual({
      id: 'call_2',
      name: 'get_weather',
      args: '{"location": "Hangzhou"',
      argsText: '{"location": "Hangzhou"',
      error: "arguments are not valid JSON at column 24: unexpected end of input: expected ',' or '}' after a property value",
      raw,
    });
    expect(readToolCall({ id: 'c', function: { name: 'f', arguments: '{\n"a": x}' } }, false).error).toBe(
      'arguments are not valid JSON at line 2, column 6: expected a value, found `x`',
    );
  });

  it('reads invalid_tool_calls, preferring their own error text', () => {
    const raw = { type: 'invalid_tool_call', id: 'call_2', name: 'mul', args: '{bad', error: 'bad json' };
    expect(readToolCall(raw, true)).toEqual({ id: 'call_2', name: 'mul', args: '{bad', argsText: '{bad', error: 'bad json', invalid: true, raw });
    const noError = readToolCall({ type: 'invalid_tool_call', id: null, name: null, args: '{bad', error: null }, true);
    expect(noError).toMatchObject({ id: undefined, name: '', invalid: true, error: 'arguments are not valid JSON at column 2: expected a property name in double quotes' });
  });

  it('coerces numeric ids and keeps what is not a call', () => {
    expect(readToolCall({ name: 'f', args: {}, id: 7 }, false).id).toBe('7');
    expect(readToolCall('oops', false)).toEqual({ name: '', args: 'oops', error: 'expected a tool call object, got a string', raw: 'oops' });
  });
});

describe('readUsage', () => {
  it('reads usage_metadata with cache and reasoning details', () => {
    expect(
      readUsage({
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_token_details: { cache_read: 3, cache_creation: 4 },
        output_token_details: { reasoning: 2 },
      }),
    ).toEqual({ input: 10, output: 5, total: 15, totalReported: true, cacheRead: 3, cacheCreation: 4, reasoning: 2 });
  });

  it('computes an unreported total and marks it so', () => {
    expect(readUsage({ input_tokens: 10, output_tokens: 5 })).toEqual({ input: 10, output: 5, total: 15, totalReported: false });
  });

  it('ignores missing or empty usage', () => {
    expect(readUsage(null)).toBeUndefined();
    expect(readUsage({})).toBeUndefined();
  });
});

describe('readMessage', () => {
  const readMessage = (type: string, fields: Record<string, unknown>) => readFields(type, fields, fields, { path: 'messages[0]' });

  it('reads reasoning_content as a leading reasoning block and the model name', () => {
    const draft = readMessage('ai', {
      content: 'Answer',
      additional_kwargs: { reasoning_content: 'Thinking…' },
      response_metadata: { model: 'deepseek-reasoner', created_at: '2025-01-01T00:00:00Z' },
    });
    expect(draft).toMatchObject({
      role: 'ai',
      content: [
        { kind: 'reasoning', type: 'reasoning_content', text: 'Thinking…' },
        { kind: 'text', text: 'Answer' },
      ],
      text: 'Answer',
      model: 'deepseek-reasoner',
      timestamp: '2025-01-01T00:00:00Z',
    });
  });

  it('prefers tool_calls over OpenAI-style additional_kwargs.tool_calls', () => {
    const openai = [{ id: 'call_x', type: 'function', function: { name: 'old', arguments: '{}' } }];
    const both = readMessage('ai', { content: '', tool_calls: [], additional_kwargs: { tool_calls: openai } });
    expect('toolCalls' in both && both.toolCalls).toEqual([]);
    const legacy = readMessage('ai', { content: '', additional_kwargs: { tool_calls: openai } });
    expect('toolCalls' in legacy && legacy.toolCalls.map((call) => call.name)).toEqual(['old']);
  });

  it('joins text blocks with newlines, leaving out reasoning and tool blocks', () => {
    const draft = readMessage('ai', { content: [{ type: 'thinking', thinking: 'x' }, { type: 'text', text: 'a' }, 'b'] });
    expect('text' in draft && draft.text).toBe('a\nb');
  });

  it('rejects unknown types and missing content', () => {
    expect(readMessage('critic', { content: 'x' })).toEqual({
      unreadable: 'unknown message type "critic": expected human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)',
    });
    expect(readMessage('human', { id: 'h1' })).toEqual({ unreadable: 'missing `content`' });
    expect(readMessage('remove', { id: 'm1' })).toMatchObject({ role: 'other', sourceType: 'remove', id: 'm1' });
  });

  it('gives a chat message the role it names, or other', () => {
    expect(readMessage('chat', { content: 'x', role: 'assistant' })).toMatchObject({ role: 'ai', sourceType: 'chat' });
    expect(readMessage('ChatMessageChunk', { content: 'x', role: 'critic' })).toMatchObject({ role: 'other' });
    expect(readMessage('generic', { content: 'x' })).toMatchObject({ role: 'other' });
  });
});

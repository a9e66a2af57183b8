import { describe, expect, it } from 'vitest';
import { readToolCall } from './toolCall';

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
    expect(noError).toMatchObject({
      id: undefined,
      name: '',
      invalid: true,
      error: 'arguments are not valid JSON at column 2: expected a property name in double quotes',
    });
  });

  it('coerces numeric ids and keeps what is not a call', () => {
    expect(readToolCall({ name: 'f', args: {}, id: 7 }, false).id).toBe('7');
    expect(readToolCall('oops', false)).toEqual({ name: '', args: 'oops', error: 'expected a tool call object, got a string', raw: 'oops' });
  });
});

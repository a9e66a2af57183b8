import { describe, expect, it } from 'vitest';
import { readWith } from '../../testing/importing';
import { langchainSerialized } from './langchainSerialized';

const read = readWith(langchainSerialized);

// docs/FORMATS.md, "LangChain", verbatim: Python dumpd output (langchain-core 1.2.6).
const PYTHON_1B =
  JSON.parse(`[{"lc":1,"type":"constructor","id":["langchain","schema","messages","HumanMessage"],"kwargs":{"content":"hi","type":"human","id":"h1"}},
 {"lc":1,"type":"constructor","id":["langchain","schema","messages","AIMessage"],"kwargs":{"content":"","response_metadata":{"model_name":"x"},"type":"ai",
   "tool_calls":[{"name":"add","args":{"a":2},"id":"call_1","type":"tool_call"}],
   "usage_metadata":{"input_tokens":1,"output_tokens":2,"total_tokens":3},"invalid_tool_calls":[]}},
 {"lc":1,"type":"constructor","id":["langchain","schema","messages","ToolMessage"],"kwargs":{"content":"4","type":"tool","tool_call_id":"call_1","status":"success"}}]`) as unknown[];

describe('langchain-serialized', () => {
  it('reads Python dumpd output', () => {
    const messages = read(PYTHON_1B);
    expect(messages.map((m) => [m.role, m.sourceType, m.id, m.text, m.location.path])).toEqual([
      ['human', 'HumanMessage', 'h1', 'hi', '[0]'],
      ['ai', 'AIMessage', undefined, '', '[1]'],
      ['tool', 'ToolMessage', undefined, '4', '[2]'],
    ]);
    expect(messages[1]).toMatchObject({
      model: 'x',
      toolCalls: [{ id: 'call_1', name: 'add', args: { a: 2 } }],
      invalidToolCalls: [],
      usage: { input: 1, output: 2, total: 3, totalReported: true },
    });
    expect(messages[2]).toMatchObject({ toolCallId: 'call_1', status: 'success' });
    expect(messages.map((m) => m.raw)).toEqual(PYTHON_1B);
  });

  it('reads the JS namespace (LangSmith interop payload, verbatim) and the old module paths', () => {
    const js = JSON.parse(
      `{"lc":1,"type":"constructor","id":["langchain_core","messages","HumanMessage"],"kwargs":{"content":"Hello!","additional_kwargs":{},"response_metadata":{}}}`,
    ) as unknown;
    const old = {
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'ai', 'AIMessage'],
      kwargs: { content: 'Hi', tool_calls: [], invalid_tool_calls: [] },
    };
    expect(read([js, old]).map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['human', 'HumanMessage', 'Hello!'],
      ['ai', 'AIMessage', 'Hi'],
    ]);
  });

  it('reads a LangSmith generation message (langchain-core 1.2.6 tracer output, verbatim)', () => {
    const message = JSON.parse(`{"lc":1,"type":"constructor","id":["langchain","schema","messages","AIMessage"],
     "kwargs":{"content":"Hi!","response_metadata":{"finish_reason":"stop","model_name":"gpt-4o-mini"},"type":"ai","id":"lc_run--1",
               "usage_metadata":{"input_tokens":3,"output_tokens":2,"total_tokens":5},"tool_calls":[],"invalid_tool_calls":[]}}`) as unknown;
    expect(read([message])[0]).toMatchObject({ role: 'ai', id: 'lc_run--1', model: 'gpt-4o-mini', text: 'Hi!', usage: { total: 5 } });
  });

  it('reads chunk classes and ChatMessage with its role', () => {
    const messages = read([
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessageChunk'], kwargs: { content: 'par', tool_call_chunks: [] } },
      { lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'ChatMessage'], kwargs: { content: 'x', role: 'system' } },
      { lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'FunctionMessage'], kwargs: { content: '1', name: 'f' } },
    ]);
    expect(messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['ai', 'AIMessageChunk'],
      ['system', 'ChatMessage'],
      ['tool', 'FunctionMessage'],
    ]);
  });

  it('unwraps __lc_escaped__ dicts in kwargs once, keeping raw verbatim', () => {
    const raw = {
      lc: 1,
      type: 'constructor',
      id: ['langchain', 'schema', 'messages', 'HumanMessage'],
      kwargs: {
        content: [{ __lc_escaped__: { type: 'text', text: 'hi', lc: 'user data', inner: { __lc_escaped__: 1 } } }, 'plain'],
      },
    };
    const copy = structuredClone(raw);
    const [message] = read([raw]);
    expect(message?.content[0]).toEqual({
      kind: 'text',
      type: 'text',
      text: 'hi',
      raw: { type: 'text', text: 'hi', lc: 'user data', inner: { __lc_escaped__: 1 } },
    });
    expect(message?.text).toBe('hi\nplain');
    expect(message?.raw).toBe(raw);
    expect(raw).toEqual(copy);
  });

  it('keeps not_implemented and secret values inside kwargs in raw', () => {
    const raw = {
      lc: 1,
      type: 'constructor',
      id: ['langchain', 'schema', 'messages', 'ToolMessage'],
      kwargs: {
        content: 'done',
        tool_call_id: 'c1',
        artifact: { lc: 1, type: 'not_implemented', id: ['my_module', 'Thing'], repr: '<Thing>' },
        additional_kwargs: { key: { lc: 1, type: 'secret', id: ['OPENAI_API_KEY'] } },
      },
    };
    const [message] = read([raw]);
    expect(message).toMatchObject({ role: 'tool', text: 'done', toolCallId: 'c1', raw });
    expect(message?.problem).toBeUndefined();
  });

  it('keeps what it cannot read as unrecognized messages, saying why', () => {
    const elements = [
      'text',
      { type: 'human', data: { content: 'x' } },
      { lc: 1, type: 'not_implemented', id: ['my_module', 'Thing'], repr: '<Thing object at 0x1>' },
      { lc: 1, type: 'secret', id: ['OPENAI_API_KEY'] },
      { lc: 2, type: 'constructor', id: ['x'], kwargs: {} },
      { lc: 1, type: 'constructor', id: [], kwargs: {} },
      { lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'AIMessage'] },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'prompts', 'PromptTemplate'], kwargs: { template: 'x' } },
      { lc: 1, type: 'other', id: ['x'] },
    ];
    const messages = read(elements);
    expect(messages.map((m) => m.problem)).toEqual([
      'expected a LangChain serialized object {"lc": 1, "type": "constructor", ...}, got a string',
      'expected a LangChain serialized object {"lc": 1, "type": "constructor", ...}, got an object without "lc": 1',
      'LangChain could not serialize this object (type "not_implemented"): <Thing object at 0x1>',
      'a LangChain secret reference, not a message',
      'expected a LangChain serialized object {"lc": 1, "type": "constructor", ...}, got an object without "lc": 1',
      '`id` must be a list ending in a class name such as "AIMessage"',
      'expected `kwargs` (an object)',
      'unknown message type "PromptTemplate": expected human, ai, system, tool, function, chat, generic or remove (or user, assistant, developer)',
      'unknown serialized type "other": expected "constructor"',
    ]);
    expect(messages.every((m) => m.role === 'other' && m.sourceType === '(unrecognized)')).toBe(true);
    expect(messages.map((m) => m.raw)).toEqual(elements);
  });
});

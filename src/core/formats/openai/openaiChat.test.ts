import { describe, expect, it } from 'vitest';
import { importText } from '../../import';
import clean from '../../../../fixtures/formats/openai-chat/clean.json?raw';
import fault from '../../../../fixtures/formats/openai-chat/fault.json?raw';
import legacy from '../../../../fixtures/formats/openai-chat/legacy-functions.json?raw';
import response from '../../../../fixtures/formats/openai-chat/response.json?raw';
import toolCalls from '../../../../fixtures/formats/openai-chat/tool-calls.json?raw';
import weatherOrphan from '../../../../fixtures/weather-orphan.openai.json?raw';
import xaiToolCall from '../../../../fixtures/real/vercel-ai/xai-tool-call.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { openaiChat } from './openaiChat';

describe('openai-chat fixtures', () => {
  it('reads a request with content parts', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['openai-chat', 'OpenAI Chat Completions']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.content.map((b) => b.kind), m.location.path])).toEqual([
      ['system', 'developer', ['text'], 'messages[0]'],
      ['human', 'user', ['text', 'image'], 'messages[1]'],
      ['ai', 'assistant', ['text'], 'messages[2]'],
    ]);
    expect(t.messages[1]?.text).toBe("What's in this image?");
    expect(rules(t)).toEqual([]);
  });

  it('links tool calls to tool messages', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('openai-chat');
    expect(t.messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'tool', 'ai']);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText])).toEqual([
      ['call_abc', 'get_weather', { city: 'Paris' }, '{"city":"Paris"}'],
      ['call_def', 'get_weather', { city: 'Bogotá' }, '{"city":"Bogotá"}'],
    ]);
    expect(t.links.get('call_def')).toEqual({ id: 'call_def', calls: [{ messageIndex: 2, callIndex: 1 }], results: [4] });
    expect(t.messages[4]?.text).toBe('19°C, rain');
    expect(rules(t)).toEqual([]);
  });

  it('flags a call nobody answered', () => {
    const t = transcript(fault);
    expect(t.format).toBe('openai-chat');
    expect(rules(t)).toEqual([['orphan-tool-call', 1, 'call_def']]);
  });

  it('reads a chat.completion response with usage, model, id and time', () => {
    const t = transcript(response);
    expect(t.format).toBe('openai-chat');
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
      model: 'gpt-4o-2024-08-06',
      timestamp: '2024-05-29T16:26:40.000Z',
      usage: { input: 97, output: 52, total: 149, totalReported: true, cacheRead: 64, reasoning: 0 },
      location: { path: 'choices[0].message', line: 3, column: 14 },
      toolCalls: [{ id: 'call_abc', name: 'get_weather', args: { city: 'Paris' } }],
    });
    expect(t.tokens.totals).toMatchObject({ input: 97, output: 52, total: 149, cacheRead: 64 });
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'call_abc']]);
  });

  it('counts reasoning tokens reported beside completion_tokens as output, so the total adds up (vercel/ai xai-tool-call.json)', () => {
    const t = transcript(xaiToolCall);
    expect(t.format).toBe('openai-chat');
    expect(t.messages[0]?.usage).toEqual({ input: 291, output: 26 + 189, total: 506, totalReported: true, cacheRead: 244, reasoning: 189 });
    expect(t.findings.map((f) => f.rule)).toEqual(['pending-tool-call']);
  });

  it('keeps reasoning inside completion_tokens when the total says so, and a total that adds up neither way as reported', () => {
    const usageOf = (usage: Record<string, unknown>) =>
      transcript(json({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }], usage }))
        .messages[0]?.usage;
    const details = { completion_tokens_details: { reasoning_tokens: 8 } };
    expect(usageOf({ prompt_tokens: 10, completion_tokens: 20, total_tokens: 30, ...details })).toMatchObject({ output: 20, total: 30, reasoning: 8 });
    expect(usageOf({ prompt_tokens: 10, completion_tokens: 20, total_tokens: 38, ...details })).toMatchObject({ output: 28, total: 38, reasoning: 8 });
    expect(usageOf({ prompt_tokens: 10, completion_tokens: 20, total_tokens: 99, ...details })).toMatchObject({ output: 20, total: 99, reasoning: 8 });
  });

  it('links legacy function_call / function messages by name, with synthesized ids', () => {
    const t = transcript(legacy);
    expect(t.format).toBe('openai-chat');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId])).toEqual([
      ['human', 'user', undefined],
      ['ai', 'assistant', undefined],
      ['tool', 'function', 'function_call@1'],
      ['ai', 'assistant', undefined],
      ['tool', 'function', 'get_forecast@4'],
    ]);
    expect(t.messages[1]?.toolCalls).toEqual([
      {
        id: 'function_call@1',
        name: 'get_current_weather',
        args: { location: 'Boston, MA' },
        argsText: '{\n  "location": "Boston, MA"\n}',
        raw: { name: 'get_current_weather', arguments: '{\n  "location": "Boston, MA"\n}' },
        idMadeUp: { path: '[1].function_call' },
      },
    ]);
    expect(t.messages.map((m) => m.toolCallIdMadeUp)).toEqual([undefined, undefined, true, undefined, true]);
    expect(rules(t)).toEqual([['orphan-tool-result', 4, 'get_forecast@4']]);
    // The ids were made up to link by name: no finding or error text quotes them.
    const [orphan] = t.findings;
    expect(orphan?.text).toBe('Tool result message #4 ([4]) has no id, and no get_forecast call waits for it in the AI message before it.');
    expect(`${orphan?.why} ${orphan?.fix}`).not.toContain('@');
  });

  it('reads the sample history weather-orphan.openai.json with its three faults', () => {
    const t = transcript(weatherOrphan);
    expect(t.format).toBe('openai-chat');
    expect(rules(t)).toEqual([
      ['invalid-tool-call', 2, 'call_01_jD3phD5PEaIZf0mVLhKt0861'],
      ['tool-results-not-adjacent', 5, 'call_01_jD3phD5PEaIZf0mVLhKt0861'],
      ['orphan-tool-result', 6, 'call_abc123'],
    ]);
  });
});

describe('openai-chat message fields', () => {
  it('keeps refusals, DeepSeek reasoning, audio and custom tool calls', () => {
    const t = transcript(
      json([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, refusal: "I can't help with that." },
        { role: 'assistant', content: '42', reasoning_content: 'Think first.', audio: { id: 'audio_1', transcript: 'forty-two' } },
        { role: 'assistant', tool_calls: [{ id: 'call_c', type: 'custom', custom: { name: 'sql', input: 'SELECT 1' } }] },
        { role: 'tool', tool_call_id: 'call_c', content: '1' },
      ]),
    );
    expect(t.format).toBe('openai-chat');
    expect(t.messages[1]).toMatchObject({ text: "I can't help with that.", content: [{ kind: 'text', type: 'refusal' }] });
    expect(t.messages[2]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['reasoning', 'reasoning_content', 'Think first.'],
      ['text', 'text', '42'],
      ['audio', 'audio', 'forty-two'],
    ]);
    expect(t.messages[2]?.text).toBe('42');
    expect(t.messages[3]?.toolCalls).toEqual([
      { id: 'call_c', name: 'sql', args: 'SELECT 1', raw: { id: 'call_c', type: 'custom', custom: { name: 'sql', input: 'SELECT 1' } } },
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('gives each choice its own message and conversation, with usage counted once', () => {
    const choice = (content: string, index: number) => ({ index, message: { role: 'assistant', content }, finish_reason: 'stop' });
    const text = json({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-4o',
      choices: [choice('a', 0), choice('b', 1)],
      usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
    });
    const result = importText(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(
      result.conversations?.map((c) => [c.label, c.transcript.kind, ...c.transcript.messages.map((m) => [m.text, m.id, m.usage?.total, m.location.path])]),
    ).toEqual([
      ['choice 0', 'response', ['a', 'chatcmpl-1', 9, 'choices[0].message']],
      ['choice 1', 'response', ['b', undefined, undefined, 'choices[1].message']],
    ]);
  });

  it('keeps an element it cannot read as an unrecognized message', () => {
    const t = transcript(json({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }, 7, { role: 'critic', content: 'x' }] }));
    expect(t.format).toBe('openai-chat');
    expect(t.messages.map((m) => [m.role, m.problem !== undefined])).toEqual([
      ['human', false],
      ['other', true],
      ['other', true],
    ]);
  });
});

describe('openai-chat detection', () => {
  it('claims request bodies, OpenAI-marked lists and completions', () => {
    expect(openaiChat.detect(input({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }))).toBe(90);
    expect(openaiChat.detect(input([{ role: 'tool', tool_call_id: 'c', content: 'x' }]))).toBe(90);
    expect(openaiChat.detect(input({ object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'x' } }] }))).toBe(100);
  });

  it('takes a list of text alone at the generic score, which wins the tie with langchain-dict', () => {
    // Shared with LangChain's dicts and the AI SDK's ModelMessages (string or `{type: "text", text}` parts).
    const plainLists: unknown[] = [
      [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ],
      [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      ],
      {
        messages: [
          { role: 'developer', content: 'x' },
          { role: 'user', name: 'ann', content: 'hi' },
        ],
      },
    ];
    for (const value of plainLists) {
      expect(openaiChat.detect(input(value)), JSON.stringify(value)).toBe(50);
      expect(detectFormat(input(value))?.name, JSON.stringify(value)).toBe('openai-chat');
    }
  });

  it('leaves lists with a mark of LangChain or the AI SDK to their readers', () => {
    const others: [unknown, string][] = [
      // LangChain's roles, fields and thread-state envelope.
      [[{ role: 'human', content: 'hi' }], 'langchain-dict'],
      [
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'x', usage_metadata: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
        ],
        'langchain-dict',
      ],
      [[{ role: 'user', content: 'hi', name: null }], 'langchain-dict'],
      [{ values: { messages: [{ role: 'user', content: 'hi' }] } }, 'langchain-dict'],
      // The AI SDK's provider options and tool parts.
      [[{ role: 'user', content: [{ type: 'text', text: 'hi', providerOptions: { openai: {} } }] }], 'vercel-ai'],
      [
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }] },
        ],
        'vercel-ai',
      ],
    ];
    for (const [value, format] of others) {
      expect(openaiChat.detect(input(value)), JSON.stringify(value)).toBe(0);
      expect(detectFormat(input(value))?.name, JSON.stringify(value)).toBe(format);
    }
  });

  it('does not take near misses', () => {
    const nearMisses: unknown[] = [
      // LangChain dicts with LangChain-shaped tool calls and `type` keys.
      [{ type: 'ai', content: '', tool_calls: [{ name: 'f', args: {}, id: 'c' }] }],
      [{ role: 'assistant', content: '', tool_calls: [{ name: 'f', args: {}, id: 'c' }] }],
      // Anthropic request: top-level system and tool_use blocks.
      { model: 'claude', system: 'x', messages: [{ role: 'user', content: 'hi' }] },
      { model: 'claude', messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }] },
      // Mistral and Ollama marks.
      { model: 'mistral-large-latest', messages: [{ role: 'assistant', content: 'Arr', prefix: true }] },
      [
        { role: 'tool', tool_call_id: 'c', content: 'x' },
        { role: 'tool', content: 'x', tool_name: 'f' },
      ],
      // Responses items and a Responses response.
      [{ type: 'message', role: 'user', content: 'hi' }],
      { object: 'response', output: [] },
    ];
    for (const value of nearMisses) expect(openaiChat.detect(input(value)), JSON.stringify(value)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/otel-genai.json?raw';
import clean from '../../../../fixtures/formats/otel-genai/clean.json?raw';
import fault from '../../../../fixtures/formats/otel-genai/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/otel-genai/tool-calls.json?raw';
import attributeMap from '../../../../fixtures/real/openinference/otel_genai_client_span_tool_calls.json?raw';
import deprecatedAttributeMap from '../../../../fixtures/real/openinference/otel_genai_deprecated_client_span_tool_calls.json?raw';
import { importText } from '../../import';
import { input, json, rules, transcript } from '../../testing/importing';
import { vercelAiUi } from '../vercel/vercelAiUi';
import { otelGenai } from './otelGenai';

const attr = (key: string, value: unknown) => ({
  key,
  value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: typeof value === 'string' ? value : JSON.stringify(value) },
});
const spanOf = (start: number, attributes: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'chat gpt-4',
  startTimeUnixNano: String(start),
  attributes,
  ...extra,
});

describe('otel-genai fixtures', () => {
  it('reads the spec example with system instructions and reasoning (JSON-string attributes)', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['otel-genai', 'OpenTelemetry GenAI spans']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'gen_ai.system_instructions', 'You must never tell jokes'],
      ['system', 'system', 'You are a helpful bot'],
      ['human', 'user', 'Tell me a joke about OpenTelemetry'],
      ['ai', 'assistant', ' Why did the developer bring OpenTelemetry to the party? Because it always knows how to trace the fun!'],
    ]);
    const answer = t.messages[3];
    expect(answer?.content.map((b) => b.kind)).toEqual(['reasoning', 'text']);
    expect(answer).toMatchObject({ id: 'chatcmpl-9J3uIL87gldCFtiIbyaOvTeYBRA3l', model: 'gpt-4-0613', timestamp: '2024-05-29T16:26:40.000Z' });
    expect(answer?.usage).toEqual({ input: 52, output: 47, total: 99, totalReported: false, reasoning: 20 });
    expect(answer?.raw).toMatchObject({ role: 'assistant', finish_reason: 'stop' });
    expect(answer?.location).toMatchObject({ path: 'resourceSpans[0].scopeSpans[0].spans[0].attributes[13]', line: 108 });
    expect(rules(t)).toEqual([]);
  });

  it('builds one timeline from the tool-call example: structured values, spans out of order, repeats shown once', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('otel-genai');
    expect(t.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'resourceSpans[0].scopeSpans[0].spans[2].attributes[10].value.arrayValue.values[0]'],
      ['ai', 'resourceSpans[0].scopeSpans[0].spans[2].attributes[11].value.arrayValue.values[0]'],
      ['tool', 'resourceSpans[0].scopeSpans[0].spans[0].attributes[11].value.arrayValue.values[2]'],
      ['ai', 'resourceSpans[0].scopeSpans[0].spans[0].attributes[12].value.arrayValue.values[0]'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_VSPygqKTWdrhaFErNvMV18Yl', 'get_weather', { location: 'Paris' }]]);
    expect(t.messages[2]).toMatchObject({
      toolCallId: 'call_VSPygqKTWdrhaFErNvMV18Yl',
      text: 'rainy, 57°F',
      raw: { type: 'tool_call_response', response: 'rainy, 57°F' },
    });
    expect(t.links.get('call_VSPygqKTWdrhaFErNvMV18Yl')).toEqual({
      id: 'call_VSPygqKTWdrhaFErNvMV18Yl',
      calls: [{ messageIndex: 1, callIndex: 0 }],
      results: [2],
    });
    expect(t.tokens.totals).toMatchObject({ input: 144, output: 69, total: 213, cacheRead: 64, messagesWithUsage: 2 });
    expect(t.notes?.[0]).toContain('2 LLM spans');
    expect(rules(t)).toEqual([]);
  });

  it('flags the planted faults: an answer to the wrong id, and arguments that are not JSON', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'tool', 'tool', 'ai']);
    expect(t.messages[1]?.toolCalls[1]).toMatchObject({ id: 'call_time_1', argsText: '{"tz": "Europe/Paris"' });
    expect(t.messages[1]?.toolCalls[1]?.error).toContain('not valid JSON');
    // The registry's example writes `result` for the response.
    expect(t.messages[3]?.text).toBe('error: arguments are not valid JSON');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_weather_1'],
      ['invalid-tool-call', 1, 'call_time_1'],
      ['orphan-tool-result', 2, 'call_weather_9'],
    ]);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('otel-genai shapes', () => {
  it('reads attribute maps, a bare span, parts in place of text, and media without inlining it', () => {
    const span = {
      name: 'chat',
      start_time: '2024-06-01T12:00:00Z',
      attributes: {
        'gen_ai.input.messages': [
          {
            role: 'user',
            parts: [
              { type: 'text', content: 'What is this?' },
              { type: 'blob', modality: 'image', mime_type: 'image/png', content: 'aGVsbG8=' },
              { type: 'uri', modality: 'video', uri: 'gs://b/v.mp4' },
            ],
          },
          {
            role: 'user',
            parts: [
              { type: 'tool_call_response', id: 'c1', response: { temp: 15 } },
              { type: 'text', content: 'and?' },
            ],
          },
        ],
        'gen_ai.output.messages': [
          {
            role: 'assistant',
            parts: [
              { type: 'server_tool_call', id: 's1', name: 'code_interpreter', server_tool_call: {} },
              { type: 'server_tool_call_response', id: 's1', server_tool_call_response: {} },
              { type: 'mystery' },
            ],
            finish_reason: 'stop',
          },
        ],
        'gen_ai.usage.prompt_tokens': '10',
        'gen_ai.usage.completion_tokens': 5,
        'gen_ai.request.model': 'm',
      },
    };
    const messages = otelGenai.read(input(span)).messages;
    expect(messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'What is this?', 'attributes'],
      ['tool', '{"temp":15}', 'attributes'],
      ['human', 'and?', 'attributes'],
      ['ai', '', 'attributes'],
    ]);
    expect(messages[0]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['text', 'text', 'What is this?'],
      ['image', 'blob', undefined],
      ['file', 'uri', undefined],
    ]);
    // Provider-run tools are answered inside the response: blocks, not calls to pair.
    expect(messages[3]?.content.map((b) => b.kind)).toEqual(['tool_call', 'tool_result', 'other']);
    expect(messages[3]?.toolCalls).toEqual([]);
    expect(messages[3]).toMatchObject({ model: 'm', timestamp: '2024-06-01T12:00:00.000Z', usage: { input: 10, output: 5, total: 15 } });
  });

  it('reads the deprecated span events (Azure AI Inference) and one export per line', () => {
    const event = (name: string, content: unknown) => ({
      name,
      timeUnixNano: '1',
      attributes: [attr('gen_ai.system', 'az.ai.inference'), attr('gen_ai.event.content', content)],
    });
    const span = spanOf(1, [attr('gen_ai.usage.input_tokens', 20), attr('gen_ai.usage.output_tokens', 4)], {
      events: [
        event('gen_ai.system.message', { role: 'system', content: 'Be brief.' }),
        event('gen_ai.user.message', { role: 'user', content: "What's the weather like in Boston?" }),
        event('gen_ai.assistant.message', {
          role: 'assistant',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Boston"}' } }],
        }),
        event('gen_ai.tool.message', { content: '72F', id: 'call_1' }),
        event('gen_ai.choice', { finish_reason: 'stop', index: 0, message: { content: 'It is 72F.' } }),
      ],
    });
    const line = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
    const t = transcript(`${line}\n${line}\n`);
    expect(t.format).toBe('otel-genai');
    // The second line is the same call exported again (same input, same answer): shown once, answer included.
    expect(t.messages.map((m) => [m.role, m.text, m.toolCallId, m.location.path])).toEqual([
      ['system', 'Be brief.', undefined, 'line 1'],
      ['human', "What's the weather like in Boston?", undefined, 'line 1'],
      ['ai', '', undefined, 'line 1'],
      ['tool', '72F', 'call_1', 'line 1'],
      ['ai', 'It is 72F.', undefined, 'line 1'],
    ]);
    expect(t.notes?.some((note) => note.startsWith('1 span records a call already read'))).toBe(true);
    expect(t.messages[2]?.toolCalls[0]).toMatchObject({ id: 'call_1', name: 'get_weather', args: { city: 'Boston' } });
    expect(t.messages[4]?.usage).toMatchObject({ input: 20, output: 4 });
  });

  it('keeps bare text and unreadable values on the timeline', () => {
    const span = spanOf(1, [attr('gen_ai.input.messages', 'just a prompt'), attr('gen_ai.output.messages', '{"not": "a list"}')]);
    const messages = otelGenai.read(input([span, spanOf(2, [attr('gen_ai.input.messages', [42, { parts: [] }, { role: 'user' }])])])).messages;
    expect(messages.map((m) => [m.role, m.text, m.problem])).toEqual([
      ['human', 'just a prompt', undefined],
      ['other', '{"not":"a list"}', 'expected a list of {role, parts} messages, got an object'],
      ['other', '42', 'expected a {role, parts} message, got a number'],
      ['other', '{"parts":[]}', 'expected a string `role`'],
      ['other', '{"role":"user"}', 'expected `parts` (a list)'],
    ]);
  });

  it('says so when GenAI spans carry no content', () => {
    const value = [spanOf(1, [attr('gen_ai.operation.name', 'chat'), attr('gen_ai.usage.input_tokens', 3)])];
    expect(otelGenai.detect(input(value))).toBe(60);
    const t = transcript(JSON.stringify(value));
    expect(t.format).toBe('otel-genai');
    expect(t.messages[0]?.problem).toContain('no span carries message content');
  });

  it('survives input nested deep enough to overflow the stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(otelGenai.detect(input(deep))).toBe(0);
    expect(otelGenai.read(input(deep)).messages[0]?.problem).toMatch(/could not be read as OpenTelemetry GenAI spans|no span carries|got an array/);
  });

  it('does not take other shapes', () => {
    const nearMisses = [
      [{ role: 'user', content: 'hi' }],
      [{ type: 'human', data: { content: 'hi' } }],
      { resourceSpans: [{ scopeSpans: [{ spans: [spanOf(1, [attr('http.method', 'GET')])] }] }] },
      [spanOf(1, [attr('llm.input_messages.0.message.role', 'user'), attr('llm.input_messages.0.message.content', 'hi')])],
      { name: 'x', attributes: 'gen_ai.input.messages' },
      'gen_ai.input.messages',
    ];
    for (const value of nearMisses) expect(otelGenai.detect(input(value))).toBe(0);
  });
});

describe('otel-genai real files and message values', () => {
  it("reads one span's attributes dumped on their own (openinference-genai test fixture)", () => {
    const t = transcript(attributeMap);
    expect(t.format).toBe('otel-genai');
    expect(t.messages.map((m) => [m.role, m.text, m.toolCallId])).toEqual([
      ['human', 'Weather in Paris?', undefined],
      ['ai', 'Absolutely! Let me check the weather for you.', undefined],
      ['tool', 'rainy, 57°F', '1234'],
      ['ai', 'The weather in Paris is currently rainy with a temperature of 57°F.', undefined],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['1234', 'get_weather', { location: 'Paris' }]]);
    expect(t.messages[3]).toMatchObject({ id: 'chatcmpl-CQF10eCkoFphJZJQkzzN6EkTD0AVF', model: 'gpt-4-0613', usage: { input: 97, output: 52 } });
    expect(t.messages[0]?.location.path).toBe('');
    expect(rules(t)).toEqual([]);
  });

  it('reads the same span in the deprecated form: gen_ai.prompt, and gen_ai.completion as one {text, finish_reason} (openinference-genai test fixture)', () => {
    const t = transcript(deprecatedAttributeMap);
    expect(t.format).toBe('otel-genai');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text, m.toolCallId])).toEqual([
      ['human', 'user', 'Weather in Paris?', undefined],
      ['ai', 'assistant', 'Absolutely! Let me check the weather for you.', undefined],
      ['tool', 'tool_call_response', 'rainy, 57°F', '1234'],
      ['ai', '(object)', 'The weather in Paris is currently rainy with a temperature of 57°F.', undefined],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['1234', 'get_weather', { location: 'Paris' }]]);
    expect(t.messages[3]).toMatchObject({ id: 'chatcmpl-CQF10eCkoFphJZJQkzzN6EkTD0AVF', model: 'gpt-4-0613', usage: { input: 97, output: 52 } });
    expect(t.messages[3]?.raw).toEqual({ text: 'The weather in Paris is currently rainy with a temperature of 57°F.', finish_reason: 'stop' });
    expect(rules(t)).toEqual([]);
  });

  it('reads gen_ai.prompt and gen_ai.completion as JSON strings, on the span or on their older content events', () => {
    const minimal = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.prompt': '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]',
      'gen_ai.completion': '{"text":"hello","finish_reason":"stop"}',
    };
    expect(otelGenai.detect(input(minimal))).toBe(100);
    expect(transcript(json(minimal)).messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
    // semantic-conventions@1c93c94: the OpenAI messages format, in the attributes of two span events.
    const event = (name: string, key: string, value: unknown) => ({ name, timeUnixNano: '1', attributes: [attr(key, value)] });
    const span = spanOf(1, [attr('gen_ai.system', 'openai')], {
      events: [
        event('gen_ai.content.prompt', 'gen_ai.prompt', [{ role: 'user', content: 'What is the capital of France?' }]),
        event('gen_ai.content.completion', 'gen_ai.completion', [{ role: 'assistant', content: 'The capital of France is Paris.' }]),
      ],
    });
    const t = transcript(json({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }));
    expect(t.format).toBe('otel-genai');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'What is the capital of France?', 'resourceSpans[0].scopeSpans[0].spans[0].events[0]'],
      ['ai', 'The capital of France is Paris.', 'resourceSpans[0].scopeSpans[0].spans[0].events[1]'],
    ]);
  });

  it('reads gen_ai.input.messages rather than gen_ai.prompt when a span has both', () => {
    const both = {
      'gen_ai.input.messages': [{ role: 'user', parts: [{ type: 'text', content: 'new' }] }],
      'gen_ai.prompt': '[{"role":"user","content":"old"}]',
    };
    expect(transcript(json(both)).messages.map((m) => m.text)).toEqual(['new']);
  });

  // The schema: open-telemetry/semantic-conventions @953276f docs/gen-ai/gen-ai-input-messages.json.
  const inputMessages = [
    { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
    {
      role: 'user',
      parts: [
        { type: 'text', content: 'What is in this picture, and the weather?' },
        { type: 'blob', modality: 'image', mime_type: 'image/png', content: 'aGVsbG8=' },
        { type: 'uri', modality: 'image', uri: 'https://example.com/cat.png' },
        { type: 'file', modality: 'image', file_id: 'file-1' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', content: 'Need the weather.' },
        { type: 'text', content: 'A cat. Checking the weather.' },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      ],
    },
    { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: 'rainy' }] },
    {
      role: 'user',
      parts: [
        { type: 'custom_widget', payload: 1 },
        { type: 'text', content: 'Thanks' },
      ],
    },
  ];

  it('reads a gen_ai.input.messages value on its own with every part, where the AI SDK UI reader would drop the text', () => {
    expect(vercelAiUi.detect(input(inputMessages))).toBe(0);
    const t = transcript(json(inputMessages));
    expect(t.format).toBe('otel-genai');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['system', 'Be brief.', '[0]'],
      ['human', 'What is in this picture, and the weather?', '[1]'],
      ['ai', 'A cat. Checking the weather.', '[2]'],
      ['tool', 'rainy', '[3]'],
      ['human', 'Thanks', '[4]'],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['text', 'text'],
      ['image', 'blob'],
      ['image', 'uri'],
      ['image', 'file'],
    ]);
    expect(t.messages[2]?.content.map((b) => b.kind)).toEqual(['reasoning', 'text', 'tool_call']);
    expect(t.messages[3]?.toolCallId).toBe('call_1');
    // A part type the schema does not name is kept as content of its own.
    expect(t.messages[4]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['other', 'custom_widget'],
      ['text', 'text'],
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('reads gen_ai.output.messages on its own as a response, its choices as conversations', () => {
    const choice = (text: string) => ({ role: 'assistant', parts: [{ type: 'text', content: text }], finish_reason: 'stop' });
    const one = importText(json([choice('Hello')]));
    expect(one.ok && [one.transcript.format, one.transcript.kind, one.transcript.messages.map((m) => m.text)]).toEqual(['otel-genai', 'response', ['Hello']]);
    const two = importText(json([choice('Hello'), choice('Hi')]));
    expect(two.ok && two.conversations?.map((c) => [c.label, c.transcript.messages.map((m) => m.text)])).toEqual([
      ['choice 0', ['Hello']],
      ['choice 1', ['Hi']],
    ]);
    // Not a GenAI list: parts without types (Gemini), text parts holding `text` (AI SDK UI).
    for (const value of [[{ role: 'user', parts: [{ text: 'hi' }] }], [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }]]) {
      expect(otelGenai.detect(input(value))).toBe(0);
    }
  });

  it('leaves out an agent span whose model calls are in the file, and ends with the result its tool span holds', () => {
    const span = (id: string, parent: string | undefined, start: number, attributes: unknown[]) => ({
      traceId: 't1',
      spanId: id,
      ...(parent !== undefined && { parentSpanId: parent }),
      name: id,
      startTimeUnixNano: String(start),
      endTimeUnixNano: String(start + 100),
      attributes,
    });
    const user = { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] };
    const call = { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }], finish_reason: 'tool_call' };
    const result = { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'rainy' }] };
    const answer = { role: 'assistant', parts: [{ type: 'text', content: 'Rainy.' }], finish_reason: 'stop' };
    const spans = [
      span('agent', undefined, 1, [
        attr('gen_ai.operation.name', 'invoke_agent'),
        attr('gen_ai.agent.name', 'weather'),
        attr('gen_ai.input.messages', [user]),
        attr('gen_ai.output.messages', [answer]),
      ]),
      span('chat1', 'agent', 2, [attr('gen_ai.operation.name', 'chat'), attr('gen_ai.input.messages', [user]), attr('gen_ai.output.messages', [call])]),
      span('tool1', 'agent', 3, [attr('gen_ai.operation.name', 'execute_tool'), attr('gen_ai.tool.call.id', 'c1'), attr('gen_ai.tool.call.result', 'rainy')]),
      span('chat2', 'agent', 4, [
        attr('gen_ai.operation.name', 'chat'),
        attr('gen_ai.input.messages', [user, call, result]),
        attr('gen_ai.output.messages', [answer]),
      ]),
    ];
    const t = transcript(json({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'Weather in Paris?'],
      ['ai', ''],
      ['tool', 'rainy'],
      ['ai', 'Rainy.'],
    ]);
    expect(t.notes).toContain('1 agent span left out: the model calls under it hold the same messages.');
    // Only the first call: its tool span's result ends the conversation.
    const first = transcript(json({ resourceSpans: [{ scopeSpans: [{ spans: spans.slice(1, 3) }] }] }));
    expect(first.messages.map((m) => [m.role, m.sourceType, m.text, m.toolCallId])).toEqual([
      ['human', 'user', 'Weather in Paris?', undefined],
      ['ai', 'assistant', '', undefined],
      ['tool', 'execute_tool', 'rainy', 'c1'],
    ]);
    expect(rules(first)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/otel-genai.json?raw';
import clean from '../../../../fixtures/formats/otel-genai/clean.json?raw';
import fault from '../../../../fixtures/formats/otel-genai/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/otel-genai/tool-calls.json?raw';
import { input, rules, transcript } from '../../testing/importing';
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
    // The second line repeats the first call: shown once.
    expect(t.messages.map((m) => [m.role, m.text, m.toolCallId, m.location.path])).toEqual([
      ['system', 'Be brief.', undefined, 'line 1'],
      ['human', "What's the weather like in Boston?", undefined, 'line 1'],
      ['ai', '', undefined, 'line 1'],
      ['tool', '72F', 'call_1', 'line 1'],
      ['ai', 'It is 72F.', undefined, 'line 1'],
      ['ai', 'It is 72F.', undefined, 'line 2'],
    ]);
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
    expect(otelGenai.read(input(deep)).messages[0]?.problem).toMatch(/could not be read as OpenTelemetry GenAI spans|no span carries/);
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

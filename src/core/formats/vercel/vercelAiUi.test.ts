import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/vercel-ai-ui/clean.json?raw';
import fault from '../../../../fixtures/formats/vercel-ai-ui/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/vercel-ai-ui/tool-calls.json?raw';
import v4Message from '../../../../fixtures/formats/vercel-ai-ui/v4-message.json?raw';
import { allRules, importAs, input, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { vercelAiUi } from './vercelAiUi';
import { readVercelUsage } from './vercelAiUsage';

const read = importAs('vercel-ai-ui');

describe('vercel-ai-ui fixtures', () => {
  it('reads a clean conversation with usage, model and time from metadata', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['vercel-ai-ui', 'Vercel AI SDK UI messages']);
    expect(t.messages.map((m) => [m.role, m.id, m.text])).toEqual([
      ['system', 'sys', 'You are a helpful assistant.'],
      ['human', 'msg-u1', 'Why is the sky blue?'],
      ['ai', 'msg-a1', 'Because air scatters blue light more than red light.'],
    ]);
    expect(t.messages[2]).toMatchObject({
      model: 'gpt-5-mini',
      timestamp: '2025-11-30T05:00:00.000Z',
      usage: { input: 18, output: 40, total: 58, totalReported: true, cacheRead: 8, cacheCreation: 0, reasoning: 12 },
    });
    expect(t.messages[2]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['reasoning', 'reasoning'],
      ['text', 'text'],
      ['other', 'source-url'],
    ]);
    expect(t.findings).toEqual([]);
  });

  it('splits a multi-step reply into an AI message and tool results per step', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('vercel-ai-ui');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.toolCallId, m.name, m.location.path])).toEqual([
      ['human', 'user', 'msg-u1', undefined, undefined, 'messages[0]'],
      ['ai', 'assistant', 'msg-a1', undefined, undefined, 'messages[1]'],
      ['tool', 'tool-getWeatherInformation', undefined, 'call_weather', 'getWeatherInformation', 'messages[1].parts[2]'],
      ['ai', 'assistant', undefined, undefined, undefined, 'messages[1]'],
      ['tool', 'dynamic-tool', undefined, 'call_convert', 'convertFahrenheitToCelsius', 'messages[1].parts[4]'],
      ['ai', 'assistant', undefined, undefined, undefined, 'messages[1]'],
    ]);
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['text', 'What is the weather in San Francisco? Convert it to Celsius.'],
      ['image', 'sky.png'],
    ]);
    expect(t.messages[1]).toMatchObject({
      text: 'Let me look that up.',
      toolCalls: [{ id: 'call_weather', name: 'getWeatherInformation', args: { city: 'San Francisco' } }],
      usage: { input: 520, output: 64, total: 584, cacheRead: 256, reasoning: 0 },
    });
    expect(t.messages[4]?.text).toBe('{"celsius":20}');
    expect(t.messages[5]?.content.map((b) => b.type)).toEqual(['text', 'data-weather']);
    expect(t.findings).toEqual([]);
  });

  it('flags an output error and a call still waiting for its result', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => [m.role, m.toolCallId, m.status, m.text])).toEqual([
      ['human', undefined, undefined, 'Get the weather in Berlin and ask me where I am.'],
      ['ai', undefined, undefined, ''],
      ['tool', 'call_berlin', 'error', 'Weather API rate limit exceeded'],
    ]);
    expect(allRules(t)).toEqual([
      ['pending-tool-call', 1, 'call_confirm'],
      ['tool-error', 2, 'call_berlin'],
    ]);
  });

  it('reads v4 messages from their parts, or from content and toolInvocations', () => {
    const t = transcript(v4Message);
    expect(t.format).toBe('vercel-ai-ui');
    expect(t.messages.map((m) => [m.role, m.id, m.toolCallId, m.text, m.timestamp])).toEqual([
      ['human', 'u1', undefined, 'What is the weather in Paris?', '2025-04-01T10:00:00.000Z'],
      ['ai', 'a1', undefined, '', '2025-04-01T10:00:02.000Z'],
      ['tool', undefined, 'call_paris', '{"temperature":15}', '2025-04-01T10:00:02.000Z'],
      ['ai', undefined, undefined, 'It is 15°C in Paris.', '2025-04-01T10:00:02.000Z'],
      ['human', 'u2', undefined, 'And London?', '2025-04-01T10:01:00.000Z'],
      ['ai', 'a2', undefined, 'Checking London too.', undefined],
    ]);
    expect(t.messages[5]?.toolCalls).toMatchObject([{ id: 'call_london', name: 'getWeather', args: { city: 'London' } }]);
    expect(allRules(t)).toEqual([['pending-tool-call', 5, 'call_london']]);
  });
});

describe('vercel-ai-ui parts', () => {
  it('reads denied, streaming and approval states, and raw input of failed calls', () => {
    const messages = read([
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'tool-rm', toolCallId: 'c1', state: 'output-denied', input: {}, approval: { id: 'ap', approved: false, reason: 'No.' } },
          { type: 'tool-rm', toolCallId: 'c2', state: 'input-streaming', input: { pa: 1 } },
          { type: 'tool-rm', toolCallId: 'c3', state: 'approval-requested', input: {}, approval: { id: 'ap3' } },
          { type: 'tool-rm', toolCallId: 'c4', state: 'output-error', rawInput: '{"x": ', errorText: 'Invalid input' },
          { type: 'tool-invocation', toolInvocation: { state: 'partial-call', toolCallId: 'c5', toolName: 'g', args: {} } },
          { type: 'reasoning', reasoning: 'v4 reasoning', details: [] },
          { type: 'file', mimeType: 'application/pdf', data: 'JVBER' },
          7,
        ],
      },
    ]);
    expect(messages.map((m) => [m.role, m.toolCallId, m.status, m.text])).toEqual([
      ['ai', undefined, undefined, ''],
      ['tool', 'c1', 'error', 'No.'],
      ['tool', 'c4', 'error', 'Invalid input'],
    ]);
    expect(messages[0]?.toolCalls.map((c) => [c.id, c.argsText, c.error !== undefined])).toEqual([
      ['c1', undefined, false],
      ['c3', undefined, false],
      ['c4', '{"x": ', true],
    ]);
    expect(messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['tool_call', 'rm'],
      ['tool_call', 'rm'],
      ['tool_call', 'rm'],
      ['tool_call', 'rm'],
      ['tool_call', 'g'],
      ['reasoning', 'v4 reasoning'],
      ['file', undefined],
      ['other', undefined],
    ]);
  });

  it('keeps what it cannot read as unrecognized messages, and a data role as other', () => {
    const messages = read([null, { id: 'x', parts: [] }, { id: 'd', role: 'data', content: '{"a":1}' }]);
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['other', 'expected an object with `id`, `role` and `parts`, got null'],
      ['other', 'expected a string `role`'],
      ['other', undefined],
    ]);
  });

  it('reads every AI SDK usage shape', () => {
    expect(readVercelUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15 })).toEqual({ input: 10, output: 5, total: 15, totalReported: true });
    expect(readVercelUsage({ inputTokens: 10, outputTokens: 5, cachedInputTokens: 4, reasoningTokens: 2 })).toEqual({
      input: 10,
      output: 5,
      total: 15,
      totalReported: false,
      cacheRead: 4,
      reasoning: 2,
    });
    expect(readVercelUsage({ total: 3 })).toBeUndefined();
    expect(readVercelUsage('x')).toBeUndefined();
  });
});

describe('vercel-ai-ui detection', () => {
  it('claims UI messages with typed parts or tool invocations', () => {
    expect(detectFormat(input([{ id: '1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]))?.name).toBe('vercel-ai-ui');
    expect(detectFormat(input({ id: 'chat', messages: [{ id: '1', role: 'assistant', content: '', toolInvocations: [] }] }))?.name).toBe('vercel-ai-ui');
    expect(vercelAiUi.detect(input([{ id: '1', role: 'user', content: 'hi' }]))).toBe(0);
  });

  it('does not take near misses', () => {
    const nearMisses = [
      [{ role: 'user', parts: [{ text: 'hi' }] }], // Gemini
      [{ role: 'model', parts: [{ type: 'text', text: 'hi' }] }],
      [{ role: 'user', parts: [{ kind: 'text', text: 'hi' }] }], // A2A
      [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }] }], // ModelMessage
      [{ id: '1', role: 'user', parts: [] }],
      [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'hi' }], tool_calls: [] }],
      [{ type: 'human', content: 'hi', id: '1' }],
    ];
    for (const value of nearMisses) expect(vercelAiUi.detect(input(value))).toBe(0);
  });

  it('declines parts it would not read whole: OpenTelemetry GenAI messages keep their text in `content`', () => {
    const otel = [
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
      { role: 'assistant', parts: [{ type: 'text', content: 'Rainy.' }], finish_reason: 'stop' },
    ];
    expect(vercelAiUi.detect(input(otel))).toBe(0);
    expect(detectFormat(input(otel))?.name).toBe('otel-genai');
    for (const part of [{ type: 'reasoning', content: 'x' }, { type: 'tool-weather' }, { type: 'tool-invocation' }]) {
      expect(vercelAiUi.detect(input([{ id: '1', role: 'assistant', parts: [part] }]))).toBe(0);
    }
  });
});

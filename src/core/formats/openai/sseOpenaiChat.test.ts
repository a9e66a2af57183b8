import { describe, expect, it } from 'vitest';
import toolsSse from '../../../../fixtures/real/otel-python-contrib/openai-chat-multiple-tools-streaming.sse?raw';
import deepseekChunks from '../../../../fixtures/real/vercel-ai/deepseek-tool-call.chunks.txt?raw';
import { rules } from '../../testing/importing';
import { asJsonLines, asSse, eventsOf, imported, shown } from '../../testing/streams';

const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1731368641,
  model: 'gpt-4o-mini',
  choices,
  ...extra,
});
const delta = (index: number, value: Record<string, unknown>, finish: string | null = null) => ({ index, delta: value, finish_reason: finish });

describe('sse-openai-chat real streams', () => {
  it('joins two tool calls’ argument fragments by index and keeps the usage-only chunk (otel-python-contrib cassette)', () => {
    const { transcript: t } = imported(toolsSse);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['sse-openai-chat', 'OpenAI Chat Completions stream', 'response']);
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: '',
        kinds: [],
        calls: [
          ['call_fHCjJqt9Pysde6vcJcvbXGBx', 'get_current_weather', { location: 'Seattle, WA' }],
          ['call_3J9foSw3CUb48lrqIXoTky6U', 'get_current_weather', { location: 'San Francisco, CA' }],
        ],
        result: undefined,
      },
    ]);
    expect(t.messages[0]).toMatchObject({
      id: 'chatcmpl-ASYMbACebDoWcuraMEWQhU48q4dAp',
      model: 'gpt-4o-mini-2024-07-18',
      usage: { input: 75, output: 51, total: 126 },
      location: { path: 'line 1', line: 1 },
      raw: { role: 'assistant', content: null },
    });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([
      ['pending-tool-call', 0, 'call_fHCjJqt9Pysde6vcJcvbXGBx'],
      ['pending-tool-call', 0, 'call_3J9foSw3CUb48lrqIXoTky6U'],
    ]);
  });

  it('reads DeepSeek’s reasoning_content deltas as reasoning, and usage from the chunk that finishes (vercel/ai deepseek-tool-call.chunks.txt)', () => {
    const { transcript: t } = imported(deepseekChunks);
    expect(t.format).toBe('sse-openai-chat');
    const [message] = t.messages;
    expect(t.messages).toHaveLength(1);
    expect(message?.content.map((b) => [b.kind, b.text])).toEqual([
      [
        'reasoning',
        'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".',
      ],
    ]);
    expect(message?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText])).toEqual([
      ['call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', 'weather', { location: 'San Francisco' }, '{"location": "San Francisco"}'],
    ]);
    expect(message?.usage).toMatchObject({ input: 339, output: 83, cacheRead: 320, reasoning: 39 });
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF']]);
  });

  it('reads the SSE capture and its chunks one a line alike', () => {
    const events = eventsOf(toolsSse);
    expect(shown(imported(asJsonLines(events)).transcript)).toEqual(shown(imported(toolsSse).transcript));
  });
});

describe('sse-openai-chat assembly', () => {
  it('reads each of n > 1 choices as a conversation of its own, the usage on the first only', () => {
    const events = [
      chunk([delta(0, { role: 'assistant', content: '' }), delta(1, { role: 'assistant', content: '' })]),
      chunk([delta(0, { content: 'Hel' }), delta(1, { content: 'Bon' })]),
      chunk([delta(0, { content: 'lo' }, 'stop'), delta(1, { content: 'jour' }, 'stop')]),
      chunk([], { usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 } }),
    ];
    const { conversations } = imported(asSse(events, true));
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => [m.text, m.usage?.total])])).toEqual([
      ['chatcmpl-1 choice 0', [['Hello', 10]]],
      ['chatcmpl-1 choice 1', [['Bonjour', undefined]]],
    ]);
  });

  it('shows what arrived of a stream cut short, and says so', () => {
    const events = [
      chunk([delta(0, { role: 'assistant', content: 'Partly' })]),
      chunk([delta(0, { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } }] })]),
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(t.messages.map((m) => [m.text, m.toolCalls.map((c) => [c.id, c.argsText, c.error !== undefined])])).toEqual([
      ['Partly', [['call_1', '{"a":', true]]],
    ]);
    expect(t.notes).toEqual(['The stream ended before choice 0 of chatcmpl-1 finished (no finish_reason): it shows what arrived.']);
  });

  it('reads chunks of another completion id as the next call’s response', () => {
    const events = [chunk([delta(0, { content: 'A' }, 'stop')]), chunk([delta(0, { content: 'B' }, 'stop')], { id: 'chatcmpl-2' })];
    expect(imported(asJsonLines(events)).conversations.map((c) => [c.label, c.transcript.messages[0]?.text])).toEqual([
      ['chatcmpl-1', 'A'],
      ['chatcmpl-2', 'B'],
    ]);
  });

  it('names an error sent mid-stream and elements that are not chunks in notes', () => {
    const events = [chunk([delta(0, { content: 'Hi' })]), { error: { message: 'The server had an error' } }, { object: 'thread.run' }];
    const { transcript: t } = imported(asJsonLines(events));
    expect(t.messages.map((m) => m.text)).toEqual(['Hi']);
    expect(t.notes).toEqual([
      'The stream reported an error: The server had an error.',
      'The stream ended before choice 0 of chatcmpl-1 finished (no finish_reason): it shows what arrived.',
      'Events of types this reader does not know were left out: thread.run.',
    ]);
  });
});

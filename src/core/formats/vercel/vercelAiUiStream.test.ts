import { describe, expect, it } from 'vitest';
import reactAgent from '../../../../fixtures/real/vercel-ai/ui-message-stream-react-agent-tool-calling.json?raw';
import { rules } from '../../testing/importing';
import { asSse, eventsOf, imported, shown } from '../../testing/streams';

const text = (id: string, ...deltas: string[]) => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

describe('vercel-ai-ui-stream real stream', () => {
  it('assembles the LangChain adapter’s UI message stream: reasoning, 2 dynamic tools with inputs from fragments, text', () => {
    const { transcript: t } = imported(reactAgent);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['vercel-ai-ui-stream', 'Vercel AI SDK UI message stream', 'response']);
    const messages = shown(t);
    expect(messages.map((m) => [m.role, m.kinds, m.calls, m.result])).toEqual([
      [
        'ai',
        ['reasoning', 'tool_call', 'tool_call'],
        [
          ['call_lxFuvuhpu9gvtx04WrmXZF9h', 'get_weather', { city: 'Tokyo', units: 'celsius' }],
          ['call_U3RijXRN09TXMyKWFZwqWjnJ', 'get_datetime', { timezone: 'Asia/Tokyo', format: 'full' }],
        ],
        undefined,
      ],
      ['tool', ['tool_result'], [], 'call_lxFuvuhpu9gvtx04WrmXZF9h'],
      ['tool', ['tool_result'], [], 'call_U3RijXRN09TXMyKWFZwqWjnJ'],
      ['ai', ['text'], [], undefined],
    ]);
    expect(messages[1]?.text).toBe('Weather in Tokyo: 20°C, Clear skies');
    expect(messages[2]?.text).toBe('Current date and time in Asia/Tokyo: Wednesday, December 17, 2025 at 04:00:28 AM');
    expect(messages[3]?.text).toMatch(/^Here’s the latest for Tokyo:\n- Weather: 20°C, clear skies/);
    // The JSON array's elements are where the messages are found: the first chunk, and each tool part's tool-input-start.
    expect(t.messages.map((m) => m.location.path)).toEqual(['[0]', '[96]', '[107]', '[0]']);
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([]);
  });

  it('reads the same chunks sent as SSE', () => {
    const events = eventsOf(reactAgent);
    expect(shown(imported(asSse(events)).transcript)).toEqual(shown(imported(reactAgent).transcript));
  });
});

describe('vercel-ai-ui-stream assembly', () => {
  it('takes a static tool’s input from tool-input-available and leaves a call still streaming without a call', () => {
    const chunks = [
      { type: 'start', messageId: 'msg_1' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q":"x' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'xyz' } },
      { type: 'tool-output-error', toolCallId: 'c1', errorText: 'Search is down' },
      { type: 'tool-input-start', toolCallId: 'c2', toolName: 'search' },
      { type: 'finish-step' },
      { type: 'finish' },
    ];
    const { transcript: t } = imported(JSON.stringify(chunks));
    expect(t.messages.map((m) => [m.role, m.id, m.toolCalls.map((c) => [c.id, c.name, c.args]), m.toolCallId, m.status, m.text])).toEqual([
      ['ai', 'msg_1', [['c1', 'search', { q: 'xyz' }]], undefined, undefined, ''],
      ['tool', undefined, [], 'c1', 'error', 'Search is down'],
    ]);
    // The part of c2 is there (as a block) though it sends no call.
    expect(t.messages[0]?.content.map((b) => b.type)).toEqual(['tool-search', 'tool-search']);
  });

  it('shows what arrived of a stream cut short, and says so', () => {
    const { transcript: t } = imported(JSON.stringify([{ type: 'start' }, { type: 'start-step' }, ...text('t1', 'Half', ' done').slice(0, 3)]));
    expect(t.messages.map((m) => m.text)).toEqual(['Half done']);
    expect(t.notes).toEqual(['The stream ended before finish: message 1 shows what arrived.']);
  });

  it('names unknown chunk types, errors and transient data in notes, and keeps data parts', () => {
    const chunks = [
      { type: 'start' },
      ...text('t1', 'Hi'),
      { type: 'data-weather', id: 'w', data: { city: 'Oslo' } },
      { type: 'data-weather', id: 'w', data: { city: 'Bergen' } },
      { type: 'data-progress', transient: true, data: 50 },
      { type: 'error', errorText: 'Rate limited' },
      { type: 'something-new' },
      { type: 'finish' },
    ];
    const { transcript: t } = imported(JSON.stringify(chunks));
    expect(t.messages[0]?.content.map((b) => [b.type, b.raw])).toEqual([
      ['text', { type: 'text', text: 'Hi', state: 'done' }],
      ['data-weather', { type: 'data-weather', id: 'w', data: { city: 'Bergen' } }],
    ]);
    expect(t.notes).toEqual([
      'Transient data parts are sent to the page but not kept in the message; they are not shown.',
      'The stream reported an error: Rate limited.',
      'Events of types this reader does not know were left out: something-new.',
    ]);
  });

  it('does not take the model’s own stream parts (stream-start, tool-call) for a UI message stream', () => {
    const parts = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: 'Hi' }, { type: 'finish' }];
    expect(() => imported(JSON.stringify(parts))).toThrow(/not a message history msgscope knows/);
  });
});

import { describe, expect, it } from 'vitest';
import textChunks from '../../../../fixtures/real/vercel-ai/anthropic-text.chunks.txt?raw';
import mcpChunks from '../../../../fixtures/real/vercel-ai/anthropic-mcp.1.chunks.txt?raw';
import reasoningSse from '../../../../fixtures/real/openinference/anthropic-js-reasoning-tool-use-streaming.sse?raw';
import { rules } from '../../testing/importing';
import { asJsonLines, asSse, eventsOf, imported, shown } from '../../testing/streams';

const start = (id: string) => ({
  type: 'message_start',
  message: { id, type: 'message', role: 'assistant', model: 'claude-x', content: [], usage: { input_tokens: 5, output_tokens: 1 } },
});
const textBlock = (index: number, ...pieces: string[]) => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  ...pieces.map((text) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
  { type: 'content_block_stop', index },
];
const end = (stop = 'end_turn') => [{ type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 9 } }, { type: 'message_stop' }];

describe('sse-anthropic real streams', () => {
  it('assembles the text of a stream written one event a line (vercel/ai anthropic-text.chunks.txt)', () => {
    const { transcript: t } = imported(textChunks);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['sse-anthropic', 'Anthropic Messages stream', 'response']);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
      id: 'msg_01QC4g3HwBThD4BaNtBckFDJ',
      model: 'claude-sonnet-4-5-20250929',
      location: { path: 'line 1', line: 1, column: 1 },
    });
    // message_delta's usage replaces message_start's counts.
    expect(t.messages[0]?.usage).toMatchObject({ input: 12, output: 30 });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([]);
  });

  it('reads a raw SSE capture: thinking with its signature, text, and a tool_use whose input came in fragments', () => {
    const { transcript: t } = imported(reasoningSse);
    expect(t.format).toBe('sse-anthropic');
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: 'Sure! Let me check the weather in San Francisco for you!',
        kinds: ['reasoning', 'text', 'tool_call'],
        calls: [['toolu_01X1PSFUkNua9EZHLVHwy6T4', 'get_weather', { location: 'San Francisco' }]],
        result: undefined,
      },
    ]);
    const thinking = t.messages[0]?.content[0];
    expect(thinking?.text).toBe('The user wants to know the weather in San Francisco. I have all the required parameters to make the function call.');
    expect(thinking?.raw).toMatchObject({ type: 'thinking', signature: expect.stringMatching(/^EroCCmUIDhgCKkC/) });
    // Located at the data line of message_start, under its `event:` line.
    expect(t.messages[0]?.location).toMatchObject({ path: 'line 2', line: 2 });
    expect(t.messages[0]?.usage).toMatchObject({ input: 596, output: 99 });
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'toolu_01X1PSFUkNua9EZHLVHwy6T4']]);
  });

  it('reads the same events alike as SSE, JSON Lines and a JSON array', () => {
    const events = eventsOf(reasoningSse);
    const readings = [reasoningSse, asJsonLines(events), JSON.stringify(events)].map((text) => shown(imported(text).transcript));
    expect(readings[1]).toEqual(readings[0]);
    expect(readings[2]).toEqual(readings[0]);
  });

  it('keeps an MCP call and its result, both inside the streamed message (vercel/ai anthropic-mcp.1.chunks.txt)', () => {
    const { transcript: t } = imported(mcpChunks);
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: 'The echo tool responded back with: **hello world**\n\nIt simply echoed back the exact message that was sent to it.',
        kinds: ['other', 'text'],
        calls: [['mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT', 'echo', { message: 'hello world' }]],
        result: undefined,
      },
      { role: 'tool', text: 'Tool echo: hello world', kinds: ['text'], calls: [], result: 'mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT' },
    ]);
    // The result is located at the event that carried it.
    expect(t.messages[1]).toMatchObject({ status: 'success', location: { path: 'line 9', line: 9 } });
    expect(rules(t)).toEqual([]);
  });
});

describe('sse-anthropic assembly', () => {
  it('shows what arrived of a stream cut short, and says so', () => {
    const cut = textChunks.split('\n').slice(0, 6).join('\n');
    const { transcript: t } = imported(cut);
    expect(t.messages.map((m) => m.text)).toEqual(["Hello! I'm doing well, thank you for asking"]);
    expect(t.notes).toEqual(['The stream ended before message_stop: msg_01QC4g3HwBThD4BaNtBckFDJ shows what arrived; content block 0 (text) had not stopped.']);
  });

  it('keeps tool input cut mid-JSON as the text that came, flagged as invalid arguments', () => {
    const events = [
      start('msg_cut'),
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Par' } },
    ];
    const { transcript: t } = imported(asSse(events));
    const call = t.messages[0]?.toolCalls[0];
    expect(call).toMatchObject({ id: 'toolu_1', args: '{"city": "Par', error: expect.stringContaining('arguments are not valid JSON') });
    expect(t.notes?.[0]).toContain('content block 0 (tool_use) had not stopped');
  });

  it('reads a tool_use without input fragments as empty input, as the SDK does', () => {
    const events = [
      start('msg_noargs'),
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_2', name: 'list', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
      { type: 'content_block_stop', index: 0 },
      ...end('tool_use'),
    ];
    expect(imported(asJsonLines(events)).transcript.messages[0]?.toolCalls.map((c) => c.args)).toEqual([{}]);
  });

  it('names unknown event and delta types and reported errors in notes, and ignores pings', () => {
    const events = [
      start('msg_1'),
      { type: 'ping' },
      ...textBlock(0, 'Hi'),
      { type: 'content_block_delta', index: 0, delta: { type: 'future_delta', value: 1 } },
      { type: 'mystery_event' },
      { type: 'mystery_event' },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      ...end(),
    ];
    const { transcript: t } = imported(asSse(events));
    expect(t.messages.map((m) => m.text)).toEqual(['Hi']);
    expect(t.notes).toEqual([
      'The stream reported an error: overloaded_error: Overloaded.',
      'Events of types this reader does not know were left out: content_block_delta future_delta, mystery_event (2).',
    ]);
  });

  it('joins citations onto their text block', () => {
    const citation = { type: 'char_location', cited_text: 'x', document_index: 0 };
    const events: unknown[] = [start('msg_c'), ...textBlock(0, 'Cited'), ...end()];
    events.splice(3, 0, { type: 'content_block_delta', index: 0, delta: { type: 'citations_delta', citation } });
    expect(imported(asJsonLines(events)).transcript.messages[0]?.content[0]?.raw).toEqual({ type: 'text', text: 'Cited', citations: [citation] });
  });

  it('reads several streamed messages as separate responses, and a repeated message_start as the same one', () => {
    const events = [start('msg_a'), start('msg_a'), ...textBlock(0, 'One'), ...end(), start('msg_b'), ...textBlock(0, 'Two'), ...end()];
    const { conversations } = imported(asJsonLines(events));
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.text)])).toEqual([
      ['msg_a', ['One']],
      ['msg_b', ['Two']],
    ]);
    expect(conversations[0]?.transcript.notes).toEqual(['message_start came twice for msg_a; the second was read as the same message.']);
  });

  it('keeps an event line that is not JSON on the timeline, after the message', () => {
    const [blockStart, delta, blockStop] = textBlock(0, 'Fine');
    const lines = [start('msg_x'), blockStart, delta].map((e) => JSON.stringify(e));
    lines.push('{"type": "content_block_delta", broken', ...[blockStop, ...end()].map((e) => JSON.stringify(e)));
    const text = lines.join('\n');
    const { transcript: t } = imported(text);
    expect(t.messages.map((m) => [m.role, m.text.slice(0, 20), m.problem?.slice(0, 28)])).toEqual([
      ['ai', 'Fine', undefined],
      ['other', '{"type": "content_bl', 'line 4: invalid JSON at colu'],
    ]);
    expect(t.messages[1]?.location).toMatchObject({ path: 'line 4', line: 4 });
  });
});

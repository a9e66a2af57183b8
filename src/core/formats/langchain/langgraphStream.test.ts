import { describe, expect, it } from 'vitest';
import hitl from '../../../../fixtures/real/vercel-ai/langgraph-stream-hitl-interrupt.json?raw';
import reactAgent from '../../../../fixtures/real/vercel-ai/langgraph-stream-react-agent-tool-calling.json?raw';
import { json, rules, transcript } from '../../testing/importing';

const chunk = (id: string, fields: Record<string, unknown>) => ({
  lc: 1,
  type: 'constructor',
  id: ['langchain_core', 'messages', 'AIMessageChunk'],
  kwargs: { id, content: '', ...fields },
});
const meta = { langgraph_node: 'agent', langgraph_step: 1 };

describe('langgraph-stream real recordings (docs/FORMATS.md, "LangChain")', () => {
  it('takes the last "values" state of a ReAct run streamed with values and messages', () => {
    const t = transcript(reactAgent);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['langgraph-stream', 'LangGraph stream', 'history']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.location.path])).toEqual([
      ['human', 'HumanMessage', '659b061c-0f61-408a-900b-0cf00e8923fb', '[173][1].messages[0]'],
      ['ai', 'AIMessageChunk', 'run-019b2888-ee10-7000-8000-09947d4d7fff', '[173][1].messages[1]'],
      ['tool', 'ToolMessage', 'run-019b2889-0940-7000-8000-0ff2066e11b0-tool-call_lxFuvuhpu9gvtx04WrmXZF9h', '[173][1].messages[2]'],
      ['tool', 'ToolMessage', 'run-019b2889-0940-7000-8000-147d5420378f-tool-call_U3RijXRN09TXMyKWFZwqWjnJ', '[173][1].messages[3]'],
      ['ai', 'AIMessageChunk', 'run-019b2889-0b71-7000-8000-0d936dbfc1c4', '[173][1].messages[4]'],
    ]);
    expect(t.messages[0]?.text).toBe("What's the weather in Tokyo and what time is it there?");
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_lxFuvuhpu9gvtx04WrmXZF9h', 'get_weather', { city: 'Tokyo', units: 'celsius' }],
      ['call_U3RijXRN09TXMyKWFZwqWjnJ', 'get_datetime', { timezone: 'Asia/Tokyo', format: 'full' }],
    ]);
    expect(t.messages[2]?.text).toBe('Weather in Tokyo: 20°C, Clear skies');
    expect(t.messages[4]?.text).toMatch(/^Here’s the latest for Tokyo:\n- Weather: 20°C, clear skies/);
    expect(t.links.get('call_U3RijXRN09TXMyKWFZwqWjnJ')?.results).toEqual([3]);
    // The provider's message item id streamed one empty chunk of its own (item 127).
    expect(t.notes).toEqual(['1 streamed message with no content and no tool calls left out.']);
    expect(rules(t)).toEqual([]);
  });

  it('ends a human-in-the-loop run at its interrupt: the call waiting for approval is pending', () => {
    const t = transcript(hitl);
    expect(t.format).toBe('langgraph-stream');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'Delete the file report.pdf', '[98][1].messages[0]'],
      ['ai', '', '[98][1].messages[1]'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_LOd3dMxgYxmNLWZVWXra9xWQ', 'delete_file', { filename: 'report.pdf' }]]);
    expect(t.notes).toEqual([expect.stringMatching(/^The run stopped at an interrupt, waiting for a human: \{"actionRequests":\[\{"name":"delete_file"/)]);
    expect(rules(t)).toEqual([['pending-tool-call', 1, 'call_LOd3dMxgYxmNLWZVWXra9xWQ']]);
  });
});

describe('langgraph-stream shapes', () => {
  it('joins "messages" chunks by id: text concatenated, tool_call_chunks joined by index', () => {
    const stream = [
      ['messages', [{ type: 'human', content: 'Weather in Oslo and Rome?', id: 'h1' }, meta]],
      ['messages', [chunk('a1', { content: 'Checking', tool_call_chunks: [] }), meta]],
      ['messages', [chunk('a1', { content: ' both.', tool_call_chunks: [{ index: 0, id: 'c1', name: 'weather', args: '{"ci' }] }), meta]],
      ['messages', [chunk('a1', { tool_call_chunks: [{ index: 1, id: 'c2', name: 'weather', args: '{"city":"Rome"}' }] }), meta]],
      [
        'messages',
        [
          chunk('a1', { tool_call_chunks: [{ index: 0, args: 'ty":"Oslo"}' }], usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } }),
          meta,
        ],
      ],
      [
        'messages',
        [{ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'ToolMessage'], kwargs: { content: 'Sunny', tool_call_id: 'c1', id: 't1' } }, meta],
      ],
      ['custom', { progress: 0.5 }],
    ];
    const t = transcript(json(stream));
    expect(t.format).toBe('langgraph-stream');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'Weather in Oslo and Rome?', '[0][1][0]'],
      ['ai', 'Checking both.', '[1][1][0]'],
      ['tool', 'Sunny', '[5][1][0]'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.args])).toEqual([
      ['c1', { city: 'Oslo' }],
      ['c2', { city: 'Rome' }],
    ]);
    expect(t.messages[1]?.usage).toMatchObject({ input: 10, output: 5, total: 15 });
    expect(t.messages[1]?.raw).toHaveLength(4);
    expect(t.notes).toEqual(['Not messages, so not shown: 1 "custom" event.']);
    expect(rules(t)).toEqual([['pending-tool-call', 1, 'c2']]);
  });

  it('reads "updates" with subgraph namespaces, the SDK\'s {event, data} and an interrupt in updates', () => {
    const stream = [
      { event: 'metadata', data: { run_id: 'r', thread_id: 't' } },
      {
        event: 'updates',
        data: { agent: { messages: [{ type: 'ai', content: '', id: 'a1', tool_calls: [{ id: 'c1', name: 'rm', args: { path: '/tmp/x' } }] }] } },
      },
      { event: 'updates|tools:1', data: { inner: { messages: [{ type: 'ai', content: 'inside', id: 's1' }] } } },
      { event: 'updates', data: { __interrupt__: [{ id: 'i1', value: 'Approve rm?' }] } },
    ];
    const t = transcript(json(stream));
    expect(t.format).toBe('langgraph-stream');
    expect(t.messages.map((m) => [m.role, m.id, m.location.path])).toEqual([['ai', 'a1', '[1].data.agent.messages[0]']]);
    expect(t.notes).toEqual([
      'The run stopped at an interrupt, waiting for a human: Approve rm?',
      "1 subgraph event (with a namespace) not shown: the history is the root graph's.",
      'Not messages, so not shown: 1 "metadata" event.',
    ]);
  });

  it('adds what was streamed after the last "values" state, and reads [namespace, mode, chunk] items', () => {
    const stream = [
      [[], 'values', { messages: [{ type: 'human', content: 'hi', id: 'h1' }] }],
      [[], 'messages', [chunk('a1', { content: 'hel' }), meta]],
      [[], 'messages', [chunk('a1', { content: 'lo' }), meta]],
    ];
    const t = transcript(json(stream));
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
    expect(t.notes).toEqual(['The history is the last "values" state, followed by the messages streamed after it.']);
  });
});

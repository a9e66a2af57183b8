import { describe, expect, it } from 'vitest';
import builtinTools from '../../../../fixtures/real/langsmith-sdk/anthropic_managed_builtin_tools.jsonl?raw';
import customTools from '../../../../fixtures/real/langsmith-sdk/anthropic_managed_custom_tools.jsonl?raw';
import mcpTools from '../../../../fixtures/real/langsmith-sdk/anthropic_managed_mcp_tools.jsonl?raw';
import mcpReject from '../../../../fixtures/real/langsmith-sdk/anthropic_managed_mcp_tools_reject.jsonl?raw';
import { json, rules, transcript } from '../../testing/importing';

const rows = (text: string) => transcript(text).messages.map((m) => [m.role, m.sourceType, m.id, m.toolCalls.map((c) => c.id), m.toolCallId, m.location.path]);

describe('anthropic-managed-agents real recordings (docs/FORMATS.md, "Anthropic and Claude Code")', () => {
  it('reads a custom tool round trip: the session system prompt, sent events once, the call answered by its event id', () => {
    const t = transcript(customTools);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['anthropic-managed-agents', 'Claude Managed Agents session events', 'history']);
    expect(rows(customTools)).toEqual([
      ['system', 'agent.system', undefined, [], undefined, 'line 1'],
      ['human', 'user.message', 'sevt_01212YBhhxJuNCLVndXX8vZ5', [], undefined, 'line 5'],
      ['ai', 'agent.custom_tool_use', 'sevt_018iPB2RYrthWNKugV6ehDxH', ['sevt_018iPB2RYrthWNKugV6ehDxH'], undefined, 'line 7'],
      ['tool', 'user.custom_tool_result', 'sevt_01N6qTAumErPqiuFkK6syGod', [], 'sevt_018iPB2RYrthWNKugV6ehDxH', 'line 12'],
      ['ai', 'agent.message', 'sevt_01Q8GarQqkPv2TRV9LF6FKxd', [], undefined, 'line 16'],
    ]);
    expect(t.messages.map((m) => m.text)).toEqual([
      'You are a helpful coding assistant. Write clean, well-documented code.',
      "What's the weather in Prague?",
      '',
      "It's 23°C and sunny in Prague.",
      "It's currently **23°C and sunny** in Prague — a nice, warm day overall!",
    ]);
    expect(t.messages[2]).toMatchObject({
      model: 'claude-sonnet-5',
      timestamp: '2026-07-06T14:16:36.646424Z',
      usage: { input: 7203, output: 50, cacheRead: 7201 },
      toolCalls: [{ name: 'get_weather', args: { location: 'Prague' } }],
    });
    expect(t.links.get('sevt_018iPB2RYrthWNKugV6ehDxH')?.results).toEqual([3]);
    expect(t.notes?.[0]).toBe('2 sent events are shown once, where the stream echoed them.');
    expect(rules(t)).toEqual([]);
  });

  it('reads a built-in tool the harness ran: agent.tool_use answered by agent.tool_result', () => {
    const t = transcript(builtinTools);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'You are a helpful coding assistant. Write clean, well-documented code.'],
      ['human', "Call 'date' to get the current date time"],
      ['ai', ''],
      ['tool', 'Mon Jul  6 16:26:37 UTC 2026\n'],
      ['ai', 'The current date and time is:\n\n**Monday, July 6, 2026, 16:26:37 UTC**'],
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['sevt_01Tr69wUpbwgvFPzYJR2kuNu', 'bash', { command: 'date' }]]);
    expect(t.messages[3]?.toolCallId).toBe('sevt_01Tr69wUpbwgvFPzYJR2kuNu');
    expect(rules(t)).toEqual([]);
  });

  it('joins one model request into one assistant turn: thinking and the MCP call, the confirmation left to a note', () => {
    const t = transcript(mcpTools);
    expect(rows(mcpTools).map(([role, sourceType, id]) => [role, sourceType, id])).toEqual([
      ['system', 'agent.system', undefined],
      ['human', 'user.message', 'sevt_01WK41AxZW24kBH1dbrpE62M'],
      ['ai', 'agent.thinking+agent.mcp_tool_use', 'sevt_014HBj6wW6nAevcN3Th33mXZ'],
      ['tool', 'agent.mcp_tool_result', 'sevt_01AKq9dCV9wW8ocH9qrzz1kH'],
      ['ai', 'agent.thinking+agent.message', 'sevt_01JhRh2EVJoC4QD1VdhKVHer'],
    ]);
    expect(t.messages[2]?.content.map((b) => b.kind)).toEqual(['reasoning', 'tool_call']);
    expect(t.messages[3]?.toolCallId).toBe('sevt_01FH8SyMCJy9ABg2tCLTPTmB');
    expect(t.messages[4]?.text).toContain('approximately **936 stars**');
    expect(t.notes?.[1]).toContain('1 user.tool_confirmation');
    expect(rules(t)).toEqual([]);
  });

  it('reads a denied MCP call as an error result, then the built-in fetch the agent tried instead', () => {
    const t = transcript(mcpReject);
    expect(t.messages.map((m) => [m.role, m.toolCalls.map((c) => c.name), m.toolCallId, m.status])).toEqual([
      ['system', [], undefined, undefined],
      ['human', [], undefined, undefined],
      ['ai', ['web_search_exa'], undefined, undefined],
      ['tool', [], 'sevt_01XVQ9cZq6NMEGhXhXUW677S', 'error'],
      ['ai', ['web_fetch'], undefined, undefined],
      ['tool', [], 'sevt_019amAkdmetsn2j5brbznqFm', 'success'],
      ['ai', [], undefined, undefined],
    ]);
    expect(t.messages[2]?.text).toBe("I'll look that up for you using Exa search.");
    expect(t.messages[3]?.text).toContain('Permission to use mcp__exa__web_search_exa has been rejected.');
    expect(t.messages[6]?.text).toContain('has **894 stars**');
    expect(rules(t)).toEqual([['tool-error', 3, 'sevt_01XVQ9cZq6NMEGhXhXUW677S']]);
  });
});

describe('anthropic-managed-agents shapes', () => {
  it('reads the events list response and keeps a session error on the timeline', () => {
    const events = {
      data: [
        { id: 'sevt_1', type: 'user.message', content: [{ type: 'text', text: 'Hi' }], processed_at: '2026-01-01T00:00:00Z' },
        { id: 'sevt_2', type: 'agent.message', content: [{ type: 'text', text: 'Hello' }], processed_at: '2026-01-01T00:00:01Z' },
        { id: 'sevt_3', type: 'session.error', error: { type: 'model_overloaded_error', message: 'Overloaded', retry_status: { type: 'exhausted' } } },
      ],
    };
    const t = transcript(json(events));
    expect(t.format).toBe('anthropic-managed-agents');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'Hi', 'data[0]'],
      ['ai', 'Hello', 'data[1]'],
      ['other', 'Overloaded', 'data[2]'],
    ]);
  });

  it('leaves a custom tool call pending when the recording stops at requires_action', () => {
    const events = [
      { id: 'sevt_1', type: 'user.message', content: [{ type: 'text', text: 'Weather?' }] },
      { id: 'sevt_2', type: 'agent.custom_tool_use', name: 'get_weather', input: { city: 'Oslo' } },
      { id: 'sevt_3', type: 'session.status_idle', stop_reason: { type: 'requires_action', event_ids: ['sevt_2'] } },
    ];
    const t = transcript(json(events));
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai']);
    expect(rules(t)).toEqual([['pending-tool-call', 1, 'sevt_2']]);
  });
});

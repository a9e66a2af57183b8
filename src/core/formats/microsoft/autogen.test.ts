import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/autogen.json?raw';
import clean from '../../../../fixtures/formats/autogen/clean.json?raw';
import fault from '../../../../fixtures/formats/autogen/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/autogen/tool-calls.json?raw';
import { input, rules, transcript } from '../../testing/importing';
import { autogen } from './autogen';
import { detectFormat } from '../registry';

describe('autogen fixtures', () => {
  it('reads an AgentChat TaskResult: speakers by source, usage, the stop notice as other', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['autogen', 'AutoGen messages']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.name, m.location.path])).toEqual([
      ['human', 'TextMessage', 'user', 'messages[0]'],
      ['ai', 'TextMessage', 'poet', 'messages[1]'],
      ['other', 'StopMessage', 'MaxMessageTermination', 'messages[2]'],
    ]);
    expect(t.messages[1]).toMatchObject({
      id: '0f1c2d3e-0000-4000-8000-000000000002',
      timestamp: '2025-06-01T12:00:01.200000Z',
      usage: { input: 28, output: 24, total: 52, totalReported: false },
    });
    expect(rules(t)).toEqual([]);
  });

  it('reads tool call events: request, execution (one tool message per result), thought and summary', () => {
    const t = transcript(toolCalls);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['human', 'TextMessage', 'messages[0]'],
      ['ai', 'ThoughtEvent', 'messages[1]'],
      ['ai', 'ToolCallRequestEvent', 'messages[2]'],
      ['tool', 'ToolCallExecutionEvent', 'messages[3].content[0]'],
      ['ai', 'ToolCallSummaryMessage', 'messages[4]'],
    ]);
    expect(t.messages[1]?.content).toEqual([
      { kind: 'reasoning', type: 'thought', text: 'I should call get_weather for New York.', raw: 'I should call get_weather for New York.' },
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText])).toEqual([
      ['call_zgrHrPsz5oEy9q0kd6ywnYpq', 'get_weather', { city: 'New York' }, '{"city":"New York"}'],
    ]);
    expect(t.messages[3]).toMatchObject({
      toolCallId: 'call_zgrHrPsz5oEy9q0kd6ywnYpq',
      name: 'get_weather',
      status: 'success',
      raw: { call_id: 'call_zgrHrPsz5oEy9q0kd6ywnYpq', is_error: false },
    });
    expect(t.links.get('call_zgrHrPsz5oEy9q0kd6ywnYpq')?.results).toEqual([3]);
    expect(rules(t)).toEqual([]);
  });

  it('flags the planted faults in an agent state: an error result and a result for the wrong id', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['system', 'llm_context.messages[0]'],
      ['human', 'llm_context.messages[1]'],
      ['ai', 'llm_context.messages[2]'],
      ['tool', 'llm_context.messages[3].content[0]'],
      ['tool', 'llm_context.messages[3].content[1]'],
      ['ai', 'llm_context.messages[4]'],
    ]);
    expect(t.messages[3]?.status).toBe('error');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 2, 'call_jpy'],
      ['tool-error', 3, 'call_eur'],
      ['orphan-tool-result', 4, 'call_jpx'],
    ]);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('autogen shapes', () => {
  it('wins over the LangChain dicts that also read UserMessage as a type', () => {
    expect(
      detectFormat(
        input([
          { content: 'hi', source: 'user', type: 'UserMessage' },
          { content: 'hello', source: 'assistant', type: 'AssistantMessage' },
        ]),
      )?.name,
    ).toBe('autogen');
  });

  it('reads JSON Lines, multimodal and structured content, handoffs, and keeps what it cannot read', () => {
    const lines = [
      { type: 'MultiModalMessage', source: 'user', content: ['Describe this', { data: 'aGk=' }] },
      { type: 'HandoffMessage', source: 'planner', target: 'coder', content: 'Transferred to coder', context: [] },
      { type: 'StructuredMessage[Answer]', source: 'coder', content: { answer: 42 } },
      { type: 'FunctionExecutionResultMessage', content: 'not a list' },
      { type: 'TextMessage', source: 'x', content: 'ok' },
    ].map((v) => JSON.stringify(v));
    const t = transcript([...lines.slice(0, 4), '{broken', lines[4]].join('\n'));
    expect(t.format).toBe('autogen');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path, m.problem])).toEqual([
      ['human', 'Describe this', 'line 1', undefined],
      ['ai', 'Transferred to coder', 'line 2', undefined],
      ['ai', '{"answer":42}', 'line 3', undefined],
      [
        'other',
        '{"type":"FunctionExecutionResultMessage","content":"not a list"}',
        'line 4',
        'expected `content` to be a list of FunctionExecutionResult {content, call_id, is_error}',
      ],
      ['other', '{broken', 'line 5', expect.any(String)],
      ['ai', 'ok', 'line 6', undefined],
    ]);
    expect(t.messages[0]?.content.map((b) => b.kind)).toEqual(['text', 'image']);
  });

  it('does not take other shapes', () => {
    const nearMisses = [
      [{ type: 'human', content: 'hi' }],
      [{ role: 'user', content: 'hi' }],
      [{ type: 'text', text: 'hi' }],
      [{ type: 'TextMessage', source: 'user' }],
      { llm_context: { messages: [] } },
    ];
    for (const value of nearMisses) expect(autogen.detect(input(value))).toBe(0);
  });
});

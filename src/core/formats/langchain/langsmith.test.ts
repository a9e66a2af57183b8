import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/langsmith.json?raw';
import clean from '../../../../fixtures/formats/langsmith/clean.json?raw';
import examples from '../../../../fixtures/formats/langsmith/dataset-examples.json?raw';
import fault from '../../../../fixtures/formats/langsmith/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/langsmith/tool-calls.json?raw';
import { input, readWith, rules, transcript } from '../../testing/importing';
import { langsmith } from './langsmith';

const read = readWith(langsmith);

describe('langsmith fixtures', () => {
  it('reads a chat-model run: list-of-lists inputs, LLMResult outputs (docs/FORMATS.md, "LangChain")', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['langsmith', 'LangSmith runs']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text, m.location.path])).toEqual([
      ['system', 'SystemMessage', 'You are a friendly assistant.', 'inputs.messages[0][0]'],
      ['human', 'HumanMessage', 'Hello!', 'inputs.messages[0][1]'],
      ['ai', 'AIMessage', 'Hi!', 'outputs.generations[0][0].message'],
    ]);
    expect(t.messages[2]).toMatchObject({
      id: 'lc_run--1',
      model: 'gpt-4o-mini',
      timestamp: '2025-06-01T12:00:00.000000',
      usage: { input: 3, output: 2, total: 5, totalReported: true },
    });
    expect(t.messages[2]?.location.line).toBeGreaterThan(1);
    expect(rules(t)).toEqual([]);
  });

  it('orders a trace by dotted_order and shows each message once, tool runs aside', () => {
    const t = transcript(toolCalls);
    expect(t.messages.map((m) => [m.role, m.id, m.location.path])).toEqual([
      ['system', undefined, '[2].inputs.messages[0][0]'],
      ['human', 'h1', '[2].inputs.messages[0][1]'],
      ['ai', 'lc_run--a1', '[2].outputs.generations[0][0].message'],
      ['tool', '6a2f0c8e-0000-4000-8000-0000000000aa', '[0].inputs.messages[0][3]'],
      ['ai', 'lc_run--a2', '[0].outputs.generations[0][0].message'],
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_iXj9', 'multiply', { a: 3, b: 12 }]]);
    expect(t.links.get('call_iXj9')?.results).toEqual([3]);
    expect(t.tokens.totals).toMatchObject({ input: 190, output: 25, total: 215 });
    expect(t.notes?.[0]).toContain('2 LLM runs');
    expect(rules(t)).toEqual([]);
  });

  it('flags the planted faults in nested child_runs: a failed tool and an unanswered retry', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'child_runs[0].inputs.messages[0][0]'],
      ['ai', 'child_runs[0].outputs.generations[0][0].message'],
      ['tool', 'child_runs[1].inputs.messages[0][2]'],
      ['ai', 'child_runs[1].outputs.generations[0][0].message'],
    ]);
    expect(t.messages[2]?.status).toBe('error');
    expect(rules(t)).toEqual([
      ['tool-error', 2, 'call_wx_01'],
      ['pending-tool-call', 3, 'call_wx_02'],
    ]);
  });

  it('reads chat dataset examples one after another', () => {
    const t = transcript(examples);
    expect(t.format).toBe('langsmith');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['system', 'Answer briefly.', '[0].inputs.input[0]'],
      ['human', 'What is 2+2?', '[0].inputs.input[1]'],
      ['ai', '4', '[0].outputs.output'],
      ['system', 'Answer briefly.', '[1].inputs.input[0]'],
      ['human', 'Capital of France?', '[1].inputs.input[1]'],
      ['ai', 'Paris', '[1].outputs.output'],
    ]);
    expect(t.notes).toEqual(['2 dataset examples, shown one after another.']);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('langsmith shapes', () => {
  it('reads a wrap_openai run: the raw request and completion, usage from the wrapper', () => {
    const run = {
      id: 'r1',
      name: 'ChatOpenAI',
      run_type: 'llm',
      start_time: '2025-06-01T12:00:00',
      inputs: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Weather in Paris?' }] },
      outputs: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'gpt-4o-mini-2024-07-18',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
            },
          },
        ],
        usage_metadata: { input_tokens: 12, output_tokens: 7, total_tokens: 19 },
      },
      extra: { metadata: { ls_provider: 'openai', ls_model_name: 'gpt-4o-mini' } },
    };
    const messages = read(run);
    expect(messages.map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'inputs.messages[0]'],
      ['ai', 'outputs.choices[0].message'],
    ]);
    expect(messages[1]).toMatchObject({
      model: 'gpt-4o-mini',
      usage: { input: 12, output: 7, total: 19 },
      toolCalls: [{ id: 'call_1', args: { city: 'Paris' } }],
    });
  });

  it('falls back to the run counters, completion generations and a graph state when there is less', () => {
    const llm = {
      id: 'a',
      run_type: 'llm',
      inputs: { prompts: ['Say hi'] },
      outputs: { generations: [[{ text: 'hi', type: 'Generation' }]] },
      prompt_tokens: 2,
      completion_tokens: 1,
      total_tokens: 3,
    };
    expect(read([llm]).map((m) => [m.role, m.text, m.usage?.total])).toEqual([
      ['human', 'Say hi', undefined],
      ['ai', 'hi', 3],
    ]);
    const graph = {
      id: 'g',
      run_type: 'chain',
      inputs: { messages: [] },
      outputs: {
        messages: [
          { type: 'human', content: 'q' },
          { type: 'ai', content: 'a' },
        ],
      },
    };
    expect(read(graph).map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'outputs.messages[0]'],
      ['ai', 'outputs.messages[1]'],
    ]);
    expect(read({ id: 't', run_type: 'tool', inputs: { input: 'x' }, outputs: { output: 'y' } })[0]?.problem).toContain('no chat-model');
  });

  it('keeps messages it cannot read', () => {
    const run = {
      id: 'a',
      run_type: 'llm',
      inputs: { messages: [[42, { lc: 1, type: 'constructor', id: ['x', 'HumanMessage'], kwargs: { content: 'ok' } }]] },
      outputs: null,
    };
    expect(read(run).map((m) => [m.role, m.problem])).toEqual([
      ['other', 'expected a LangChain message (lc:1 dict, {type, data} or {role, content}), got a number'],
      ['human', undefined],
    ]);
  });

  it('survives child runs nested deep enough to overflow the stack', () => {
    let run: Record<string, unknown> = { id: 'leaf', run_type: 'llm', inputs: {}, outputs: {} };
    for (let i = 0; i < 100_000; i++) run = { id: String(i), run_type: 'chain', inputs: {}, outputs: {}, child_runs: [run] };
    expect(read(run)[0]?.problem).toContain('could not be read as LangSmith runs');
  });

  it('does not take other shapes', () => {
    const nearMisses = [
      [{ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'HumanMessage'], kwargs: { content: 'hi' } }],
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      { inputs: { question: 'q' }, outputs: { answer: 'a' } },
      [{ id: 'x', name: 'y', inputs: {} }],
      { messages: [{ type: 'human', content: 'hi' }] },
    ];
    for (const value of nearMisses) expect(langsmith.detect(input(value))).toBe(0);
  });
});

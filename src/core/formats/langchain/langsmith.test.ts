import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/langsmith.json?raw';
import clean from '../../../../fixtures/formats/langsmith/clean.json?raw';
import examples from '../../../../fixtures/formats/langsmith/dataset-examples.json?raw';
import fault from '../../../../fixtures/formats/langsmith/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/langsmith/tool-calls.json?raw';
import { importText } from '../../import';
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

  describe('several agents in one file', () => {
    const lc = (type: string, kwargs: Record<string, unknown>) => ({ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', type], kwargs });
    const system = (content: string) => lc('SystemMessage', { content, type: 'system' });
    const human = (content: string) => lc('HumanMessage', { content, type: 'human' });
    const ai = (content: string, calls: { id: string; name: string; args: unknown }[] = []) =>
      lc('AIMessage', { content, type: 'ai', tool_calls: calls.map((c) => ({ ...c, type: 'tool_call' })) });
    const toolMessage = (content: string, id: string, name: string) => lc('ToolMessage', { content, type: 'tool', tool_call_id: id, name, status: 'success' });
    const research = { id: 'call_r', name: 'research', args: { query: 'the tallest mountain on Earth' } };
    // Ordered by dotted_order (`<start>Z<id>` per level), parents named by parent_run_id, as an export lists a trace's runs.
    const run = (id: string, order: string, parent: string | undefined, fields: Record<string, unknown>) => ({
      id,
      trace_id: 'T',
      dotted_order: order,
      ...(parent !== undefined && { parent_run_id: parent }),
      inputs: {},
      outputs: {},
      ...fields,
    });
    const llm = (messages: unknown[], answer: unknown) => ({
      run_type: 'llm',
      name: 'ChatOpenAI',
      inputs: { messages: [messages] },
      outputs: { generations: [[{ message: answer }]] },
    });

    it('makes a sub-agent inside a tool run a conversation of its own, under the call its tool run answered', () => {
      const runs = [
        run('T', '1ZT', undefined, { run_type: 'chain', name: 'supervisor' }),
        run('a1', '1ZT.2Za1', 'T', llm([system('You plan.'), human('How tall is the tallest mountain?')], ai('', [research]))),
        run('tool', '1ZT.3Ztool', 'T', { run_type: 'tool', name: 'research', outputs: { output: toolMessage('Everest, 8849 m', 'call_r', 'research') } }),
        run('sub', '1ZT.3Ztool.4Zsub', 'tool', { run_type: 'chain', name: 'research_agent' }),
        // The sub-agent is handed the planner's history and its own task: still not the planner's conversation.
        run(
          's1',
          '1ZT.3Ztool.4Zsub.5Zs1',
          'sub',
          llm(
            [system('You plan.'), human('How tall is the tallest mountain?'), ai('', [research]), human('Research: the tallest mountain on Earth')],
            ai('Everest, 8849 m'),
          ),
        ),
        run(
          'a2',
          '1ZT.6Za2',
          'T',
          llm(
            [system('You plan.'), human('How tall is the tallest mountain?'), ai('', [research]), toolMessage('Everest, 8849 m', 'call_r', 'research')],
            ai('Mount Everest, 8849 m.'),
          ),
        ),
      ];
      const output = langsmith.read(input(runs));
      expect(output.conversations).toEqual([
        { label: 'supervisor', start: 0, end: 5 },
        { label: 'research_agent', start: 5, end: 10, parent: { conversation: 0, toolCallId: 'call_r' } },
      ]);
      expect(output.messages.slice(5).map((m) => [m.role, m.text])).toEqual([
        ['system', 'You plan.'],
        ['human', 'How tall is the tallest mountain?'],
        ['ai', ''],
        ['human', 'Research: the tallest mountain on Earth'],
        ['ai', 'Everest, 8849 m'],
      ]);
      expect(output.notes?.at(-1)).toContain('2 conversations');
      const result = importText(JSON.stringify(runs));
      if (!result.ok) throw new Error(result.error.message);
      const [planner] = result.conversations ?? [];
      expect(planner && rules(planner.transcript)).toEqual([]);
    });

    it("finds the call by the tool run's name when its output names no call, and keeps unrelated traces apart", () => {
      const runs = [
        run('a1', '1Za1', undefined, llm([human('How tall is the tallest mountain?')], ai('', [research]))),
        run('tool', '2Ztool', undefined, { run_type: 'tool', name: 'research', outputs: { output: 'Everest, 8849 m' } }),
        run('s1', '2Ztool.3Zs1', 'tool', llm([human('Research: the tallest mountain on Earth')], ai('Everest, 8849 m'))),
        { ...run('other', '4Zother', undefined, llm([human('Translate "mountain" to French')], ai('montagne'))), trace_id: 'U' },
      ];
      expect(langsmith.read(input(runs)).conversations).toEqual([
        { label: 'conversation 1', start: 0, end: 2 },
        { label: 'conversation 2', start: 2, end: 4, parent: { conversation: 0, toolCallId: 'call_r' } },
        { label: 'conversation 3', start: 4, end: 6 },
      ]);
    });
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
    // Runs are followed MAX_DEPTH levels down, as deep as parsed input nests (json/depth): the leaf is deeper.
    expect(read(run)[0]?.problem).toContain('no chat-model (run_type "llm") run');
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

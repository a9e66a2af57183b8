import { describe, expect, it } from 'vitest';
import { importText } from '../../import';
import { input, json, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { atif } from './atif';

// The example trajectory of the ATIF RFC (laude-institute/harbor docs/rfcs/0001-trajectory-format.md, section IV),
// its token ids and log-probabilities shortened.
const RFC_EXAMPLE = {
  schema_version: 'ATIF-v1.4',
  session_id: '025B810F-B3A2-4C67-93C0-FE7A142A947A',
  agent: { name: 'harbor-agent', version: '1.0.0', model_name: 'gemini-2.5-flash', extra: {} },
  notes: 'Initial test trajectory for financial data retrieval using a single-hop ReAct pattern, focusing on multi-tool execution in Step 2.',
  extra: {},
  final_metrics: { total_prompt_tokens: 1120, total_completion_tokens: 124, total_cached_tokens: 200, total_cost_usd: 0.00078, total_steps: 3, extra: {} },
  steps: [
    { step_id: 1, timestamp: '2025-10-11T10:30:00Z', source: 'user', message: 'What is the current trading price of Alphabet (GOOGL)?', extra: {} },
    {
      step_id: 2,
      timestamp: '2025-10-11T10:30:02Z',
      source: 'agent',
      model_name: 'gemini-2.5-flash',
      reasoning_effort: 'medium',
      message: 'I will search for the current trading price and volume for GOOGL.',
      reasoning_content:
        'The request requires two data points: the current stock price and the latest volume data. I will execute two simultaneous tool calls—one for price and one for volume—to retrieve this information in a single step.',
      tool_calls: [
        { tool_call_id: 'call_price_1', function_name: 'financial_search', arguments: { ticker: 'GOOGL', metric: 'price' } },
        { tool_call_id: 'call_volume_2', function_name: 'financial_search', arguments: { ticker: 'GOOGL', metric: 'volume' } },
      ],
      observation: {
        results: [
          { source_call_id: 'call_price_1', content: 'GOOGL is currently trading at $185.35 (Close: 10/11/2025)' },
          { source_call_id: 'call_volume_2', content: 'GOOGL volume: 1.5M shares traded.' },
        ],
      },
      metrics: { prompt_tokens: 520, completion_tokens: 80, cached_tokens: 200, cost_usd: 0.00045 },
    },
    {
      step_id: 3,
      timestamp: '2025-10-11T10:30:05Z',
      source: 'agent',
      model_name: 'gemini-2.5-flash',
      reasoning_effort: 'low',
      message: 'As of October 11, 2025, Alphabet (GOOGL) is trading at $185.35 with a volume of 1.5M shares traded.',
      reasoning_content:
        'The previous step retrieved all necessary data. I will now format this into a final conversational response for the user and terminate the task.',
      metrics: {
        prompt_tokens: 600,
        completion_tokens: 44,
        completion_token_ids: [1722, 310],
        logprobs: [-0.1, -0.05],
        cost_usd: 0.00033,
        extra: { reasoning_tokens: 12 },
      },
    },
  ],
};

describe('atif', () => {
  it("reads the RFC's example: steps as messages, an observation's results as tool messages after the step", () => {
    const t = transcript(json(RFC_EXAMPLE));
    expect([t.format, t.formatLabel]).toEqual(['atif', 'ATIF agent trajectory']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.location.path])).toEqual([
      ['human', 'user', undefined, 'steps[0]'],
      ['ai', 'agent', undefined, 'steps[1]'],
      ['tool', 'observation', 'call_price_1', 'steps[1].observation.results[0]'],
      ['tool', 'observation', 'call_volume_2', 'steps[1].observation.results[1]'],
      ['ai', 'agent', undefined, 'steps[2]'],
    ]);
    const agent = t.messages[1]!;
    expect(agent.text).toBe('I will search for the current trading price and volume for GOOGL.');
    expect(agent.content.map((b) => b.kind)).toEqual(['reasoning', 'text']);
    expect(agent.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_price_1', 'financial_search', { ticker: 'GOOGL', metric: 'price' }],
      ['call_volume_2', 'financial_search', { ticker: 'GOOGL', metric: 'volume' }],
    ]);
    // prompt_tokens already counts the cached ones; cost_usd is the step's call's cost.
    expect(agent.usage).toEqual({ input: 520, output: 80, total: 600, totalReported: false, cacheRead: 200, cost: 0.00045 });
    expect(t.messages[4]?.usage).toMatchObject({ input: 600, output: 44, reasoning: 12 });
    expect(agent).toMatchObject({ model: 'gemini-2.5-flash', timestamp: '2025-10-11T10:30:02Z' });
    expect(t.messages[2]?.text).toBe('GOOGL is currently trading at $185.35 (Close: 10/11/2025)');
    expect(rules(t)).toEqual([]);
    expect(t.notes).toEqual([
      "The trajectory's totals (final_metrics): 1120 prompt tokens, 200 of them cached, 124 completion tokens, $0.00078, 3 steps.",
      "The trajectory's notes: Initial test trajectory for financial data retrieval using a single-hop ReAct pattern, focusing on multi-tool execution in Step 2.",
    ]);
  });

  it('reads embedded sub-agent trajectories as conversations under the call that delegated, and names the ones kept elsewhere', () => {
    const trajectory = {
      schema_version: 'ATIF-v1.7',
      session_id: 'main',
      agent: { name: 'lead', version: '1' },
      steps: [
        { step_id: 1, source: 'system', message: 'You delegate.' },
        { step_id: 2, source: 'user', message: 'Fix the bug.' },
        {
          step_id: 3,
          source: 'agent',
          message: '',
          tool_calls: [
            { tool_call_id: 'call_sub', function_name: 'delegate', arguments: { task: 'find it' } },
            { tool_call_id: 'call_far', function_name: 'delegate', arguments: { task: 'test it' } },
          ],
          observation: {
            results: [
              { source_call_id: 'call_sub', subagent_trajectory_ref: [{ session_id: 'sub-1' }] },
              { source_call_id: 'call_far', subagent_trajectory_ref: [{ session_id: 'sub-2', trajectory_path: 's3://runs/sub-2.json' }] },
              { content: 'checkpoint saved' },
            ],
          },
        },
      ],
      subagent_trajectories: [
        {
          schema_version: 'ATIF-v1.7',
          session_id: 'sub-1',
          agent: { name: 'finder', version: '1' },
          steps: [
            { step_id: 1, source: 'user', message: 'find it' },
            { step_id: 2, source: 'agent', message: 'In parse.ts.' },
          ],
        },
      ],
    };
    const result = importText(json(trajectory));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conversations?.map((c) => [c.label, c.parent, c.transcript.messages.map((m) => [m.role, m.toolCallId, m.text])])).toEqual([
      [
        'lead',
        undefined,
        [
          ['system', undefined, 'You delegate.'],
          ['human', undefined, 'Fix the bug.'],
          ['ai', undefined, ''],
          ['tool', 'call_sub', ''],
          ['tool', 'call_far', ''],
          ['other', undefined, 'checkpoint saved'],
        ],
      ],
      [
        'sub-agent sub-1',
        { conversation: 0, toolCallId: 'call_sub' },
        [
          ['human', undefined, 'find it'],
          ['ai', undefined, 'In parse.ts.'],
        ],
      ],
    ]);
    const far = result.conversations?.[0]?.transcript.messages[4];
    expect(far?.content.map((b) => [b.kind, b.text])).toEqual([['other', 'sub-agent trajectory sub-2 (s3://runs/sub-2.json)']]);
    expect(result.transcript.notes).toEqual([
      "Sub-agent trajectories referred to but not in this file: s3://runs/sub-2.json; their calls' results show only what the parent saw.",
    ]);
  });

  it('keeps steps it cannot read, and claims ATIF only', () => {
    const out = atif.read(input({ schema_version: 'ATIF-v1.2', steps: [7, { step_id: 2, message: 'x' }] }));
    expect(out.messages.map((m) => m.problem)).toEqual([
      'expected a step {"step_id", "source", "message"}, got a number',
      'expected a string `source` ("system", "user" or "agent")',
    ]);
    expect(detectFormat(input(RFC_EXAMPLE))?.name).toBe('atif');
    expect(atif.detect(input({ agent: { name: 'a' }, steps: [{ step_id: 1, source: 'user', message: 'hi' }] }))).toBe(90);
    expect(atif.detect(input({ steps: [{ step_id: 1, source: 'user', message: 'hi' }] }))).toBe(0);
    expect(atif.detect(input({ schema_version: '1.0', steps: [] }))).toBe(0);
  });
});

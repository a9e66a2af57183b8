import { describe, expect, it } from 'vitest';
import { formatHuman, painter, wantsColor } from './formatHuman';
import type { CheckReport, ReportFinding } from './report';

const finding = (over: Partial<ReportFinding>): ReportFinding => ({
  rule: 'orphan-tool-call',
  severity: 'error',
  messageIndex: 0,
  messageId: null,
  toolCallId: null,
  text: 'text',
  why: 'why',
  fix: 'fix it',
  related: [],
  ...over,
});

const report: CheckReport = {
  format: 'langchain-stored',
  formatLabel: 'LangChain stored messages',
  kind: 'history',
  messages: 7,
  toolCalls: 3,
  findings: [
    finding({ rule: 'tool-error', severity: 'warning', messageIndex: 3, messageId: 't_1', toolCallId: 'call_1', text: 'Tool create_order failed.' }),
    finding({ rule: 'invalid-tool-call', messageIndex: 4, messageId: 'ai_2', toolCallId: 'call_bad', text: 'Bad args.' }),
    finding({ rule: 'orphan-tool-result', messageIndex: 2, toolCallId: 'call_x', text: 'Nobody asked.' }),
  ],
  tokens: { input: 8727, output: 254, total: 8981, cacheRead: 2304, cacheCreation: 0, reasoning: 83, reported: true },
  cost: {
    usd: 0.0421,
    estimated: true,
    runReported: false,
    byModel: [{ model: 'gpt-4o', usd: 0.0421, estimated: true, messages: 3, reported: 0, unpriced: 0, pricedAs: 'OpenAI gpt 4o' }],
    unpriced: [],
    priceDate: '2026-09-23',
    priceData: 'genai-prices 0.1.8',
  },
  verdicts: [
    {
      target: 'openai-chat',
      label: 'OpenAI Chat Completions',
      accepted: false,
      problems: [{ rule: 'orphan-tool-result', error: 'Invalid parameter.\nSecond line.', messageIndices: [2], ids: ['call_x'], fix: 'fix it' }],
    },
    { target: 'langgraph', label: 'LangGraph', accepted: true, problems: [] },
  ],
  notes: ['Skipped 2 log entries.'],
};

describe('formatHuman', () => {
  const out = [...formatHuman(report, 'run.json', painter(false))].join('');

  it('names the source, the format and the counts', () => {
    expect(out.split('\n').slice(0, 2)).toEqual(['run.json: LangChain stored messages (langchain-stored)', '7 messages, 3 tool calls, 3 findings']);
  });

  it('lists errors before warnings, each group by message position, with ids', () => {
    const errors = out.indexOf('Errors (2)');
    const warnings = out.indexOf('Warnings (1)');
    expect(errors).toBeGreaterThan(0);
    expect(warnings).toBeGreaterThan(errors);
    expect(out.indexOf('orphan-tool-result  #2  call call_x')).toBeGreaterThan(errors);
    expect(out.indexOf('invalid-tool-call  #4  id ai_2  call call_bad')).toBeGreaterThan(out.indexOf('#2'));
    expect(out.indexOf('tool-error  #3  id t_1  call call_1')).toBeGreaterThan(warnings);
    expect(out).toContain('      Tool create_order failed.\n      Fix: fix it');
  });

  it('says which targets accept the history and quotes the first line of each error', () => {
    const start = out.indexOf('Would providers accept this as the next request?');
    expect(start).toBeGreaterThan(out.indexOf('Warnings (1)'));
    expect(out.slice(start).split('\n').slice(1, 4)).toEqual([
      '  ✗ OpenAI Chat Completions: rejects',
      '      #2 call_x  Invalid parameter.',
      '  ✓ LangGraph: accepts',
    ]);
  });

  it("shows the reader's notes under the counts", () => {
    expect(out.split('\n')[2]).toBe('Note: Skipped 2 log entries.');
  });

  it('totals tokens, naming cache and reasoning only when present', () => {
    expect(out.trimEnd().split('\n').at(-2)).toBe('Tokens: input 8727, output 254, total 8981 (cache read 2304, reasoning 83)');
  });

  it('says "not reported" rather than 0 tokens when no message reports usage', () => {
    const none = { ...report, tokens: { ...report.tokens, input: 0, output: 0, total: 0, cacheRead: 0, reasoning: 0, reported: false } };
    const lines = [...formatHuman(none, '-', painter(false))].join('').split('\n');
    expect(lines).toContain('Tokens: not reported');
    expect(lines.some((line) => line.includes('total 0'))).toBe(false);
  });

  it('ends with the cost: how much, and from which price data of when', () => {
    expect(out.trimEnd().split('\n').at(-1)).toBe('Cost: $0.0421 (estimated from genai-prices 0.1.8 price data of 2026-09-23)');
  });

  const costOf = (cost: Partial<CheckReport['cost']>): string[] =>
    [...formatHuman({ ...report, cost: { ...report.cost, ...cost } }, '-', painter(false))].join('').trimEnd().split('\n').slice(-4);

  it('names models without a price, and each model when there are several', () => {
    const lines = costOf({
      usd: 1.5,
      byModel: [
        { model: 'claude-sonnet-4-5', usd: 1.25, estimated: false, messages: 2, reported: 2, unpriced: 0, pricedAs: null },
        { model: 'gpt-4o', usd: 0.25, estimated: true, messages: 3, reported: 0, unpriced: 1, pricedAs: 'OpenAI gpt 4o' },
        { model: 'my-local-model', usd: null, estimated: false, messages: 4, reported: 0, unpriced: 4, pricedAs: null },
      ],
      unpriced: ['gpt-4o', 'my-local-model'],
    });
    expect(lines).toEqual([
      'Cost: $1.50 (partly reported, partly estimated from genai-prices 0.1.8 price data of 2026-09-23; not counted: no price for gpt-4o, my-local-model)',
      '  claude-sonnet-4-5: $1.25 (reported)',
      '  gpt-4o: $0.2500 (estimated, 1 message unpriced)',
      '  my-local-model: – (no price)',
    ]);
  });

  it('says the cost is unknown, not $0, when nothing could be priced; and not reported when nothing is', () => {
    expect(costOf({ usd: null, estimated: false, unpriced: ['gemma3'], priceDate: null, priceData: null }).at(-1)).toBe('Cost: unknown (no price for gemma3)');
    expect(costOf({ usd: null, estimated: false, byModel: [], unpriced: [], priceDate: null, priceData: null }).at(-1)).toBe('Cost: not reported');
  });

  it("says when the cost is the file's own figure, for the run or per message", () => {
    expect(costOf({ usd: 1.26719, estimated: false, runReported: true, byModel: [] }).at(-1)).toBe('Cost: $1.27 (reported for the run)');
    expect(costOf({ usd: 0.000632, estimated: false, byModel: [], priceDate: null, priceData: null }).at(-1)).toBe('Cost: $0.0006 (reported)');
  });

  it('says so when there is nothing to report', () => {
    const clean = [...formatHuman({ ...report, messages: 1, toolCalls: 1, findings: [], notes: [] }, '-', painter(false))].join('');
    expect(clean).toContain('1 message, 1 tool call, 0 findings\n\nNo findings.');
  });

  it('colours only when asked', () => {
    expect(out).not.toContain('\u001b[');
    const coloured = [...formatHuman(report, 'run.json', painter(true))].join('');
    expect(coloured).toContain('\u001b[31m');
    expect(coloured.replaceAll(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')).toBe(out);
  });
});

describe('wantsColor', () => {
  it('colours a terminal unless NO_COLOR says otherwise', () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(true, { NO_COLOR: '' })).toBe(true);
    expect(wantsColor(true, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(undefined, {})).toBe(false);
  });
});

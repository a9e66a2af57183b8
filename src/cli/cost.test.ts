// Cost in `msgscope check`: estimated with the real price package on real files, whose usage is counted by hand
// (fixtures/real/SOURCES.md); reported costs winning; unknown models named, never priced at $0.
import { calcPrice } from '@pydantic/genai-prices';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeCost, GENAI_PRICES_DATA } from '../core/cost';
import { importText } from '../core/import';
import { loadPrices } from './prices';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const REAL = join(import.meta.dirname, '../../fixtures/real');
const real = (name: string): string => join(REAL, name);

async function checkJson(file: string): Promise<CheckReport> {
  const io = fakeIo();
  await run(['check', '--json', file], io);
  expect(io.err).toBe('');
  return JSON.parse(io.out) as CheckReport;
}

async function checkHuman(file: string): Promise<string[]> {
  const io = fakeIo();
  await run(['check', file], io);
  return io.out.split('\n');
}

/** The run's estimate from the real price package, over every conversation of a real file. */
async function estimate(name: string) {
  const result = importText(readFileSync(real(name), 'utf8'));
  if (!result.ok) throw new Error(result.error.message);
  const messages = (result.conversations?.map((c) => c.transcript) ?? [result.transcript]).flatMap((t) => t.messages);
  return computeCost(messages, { prices: await loadPrices() });
}

describe('the price data', () => {
  it("is the installed package: its date is that version's (a new version needs its date in core/cost/genaiPrices.ts)", () => {
    const installed = JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/@pydantic/genai-prices/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(GENAI_PRICES_DATA.version);
  });
});

describe('estimates from genai-prices, per message, from reported usage', () => {
  it('OpenAI: cached tokens are part of the prompt and priced at the cache rate', async () => {
    // Inspect's sample usage for openai/gpt-4o-mini: 15,235 input of which 9,088 cache reads, 281 output. At $0.15,
    // $0.075 and $0.60 a million: 6,147 × 0.15 + 9,088 × 0.075 + 281 × 0.6 = 1,772.25 millionths.
    const cost = await estimate('inspect-ai/2025-05-12T20-27-36-04-00_browser.json');
    expect(cost.usd).toBeCloseTo(0.00177225, 12);
    expect(cost).toMatchObject({ estimated: true, unpriced: [], priceDate: GENAI_PRICES_DATA.date, priceData: 'genai-prices 0.1.8' });
    expect(cost.byModel).toEqual([
      {
        model: 'gpt-4o-mini-2024-07-18',
        usd: expect.closeTo(0.00177225, 12),
        estimated: true,
        messages: 1,
        reported: 0,
        unpriced: 0,
        pricedAs: 'OpenAI gpt 4o mini',
      },
    ]);
  });

  it('Anthropic: cache reads and cache writes at their own rates, apart from the uncached input', async () => {
    // Three Claude Code turns of claude-sonnet-4-5-20250929 (input, cache write, cache read, output): (3, 12718,
    // 12203, 1), (3, 3620, 24921, 14), (5, 17193, 12203, 1). At $3, $3.75, $0.30 and $15 a million:
    // 11 × 3 + 33,531 × 3.75 + 49,327 × 0.3 + 16 × 15 = 140,812.35 millionths.
    const cost = await estimate('agentcmd/claude-full-session-askuserquestion.jsonl');
    expect(cost.usd).toBeCloseTo(0.14081235, 12);
    expect(cost.byModel).toEqual([
      {
        model: 'claude-sonnet-4-5-20250929',
        usd: expect.closeTo(0.14081235, 12),
        estimated: true,
        messages: 3,
        reported: 0,
        unpriced: 0,
        pricedAs: 'Anthropic Claude Sonnet 4.5',
      },
    ]);
  });

  it('Gemini: thoughts are billed as output, cached content at the cache rate', async () => {
    // Four Gemini CLI turns of gemini-2.5-pro: prompts 5,367 + 5,393 + 5,454 + 5,480 = 21,694 (4,029 of them
    // cached), candidates 18 + 39 + 18 + 2 = 77 and thoughts 244 + 151 + 43 + 48 = 486. At $1.25, $0.125 and $10 a
    // million (prompts under 200k): 17,665 × 1.25 + 4,029 × 0.125 + 563 × 10 = 28,214.875 millionths.
    const cost = await estimate('agentcmd/gemini-session-2025-10-29T10-36-453aa339.json');
    expect(cost.usd).toBeCloseTo(0.028214875, 12);
    expect(cost.byModel[0]).toMatchObject({ model: 'gemini-2.5-pro', messages: 4, pricedAs: 'Google Gemini 2.5 Pro' });
  });

  it('a model the price data does not know is listed, never priced at $0', async () => {
    // Inspect's sample of the Ollama model gemma3: 66 in, 3 out.
    const cost = await estimate('inspect-ai/log_read_sample.json');
    expect(cost).toEqual({ estimated: false, byModel: [{ model: 'gemma3', estimated: false, messages: 1, reported: 0, unpriced: 1 }], unpriced: ['gemma3'] });
  });
});

describe("pricing a model's calls in groups costs what pricing each call does", () => {
  type Call = { input: number; cacheRead: number; cacheWrite: number; output: number; reasoning: number; timestamp?: string };
  const usageOf = (c: Call) => ({
    input: c.input,
    output: c.output,
    total: c.input + c.output,
    totalReported: false,
    cacheRead: c.cacheRead,
    cacheCreation: c.cacheWrite,
    reasoning: c.reasoning,
  });
  /** The package asked once a call, with the keys written out here rather than by the code under test. */
  const eachCall = (model: string, calls: Call[]) =>
    calls.reduce((sum, c) => {
      const keys = {
        input_tokens: c.input,
        output_tokens: c.output,
        cache_read_tokens: c.cacheRead,
        cache_write_tokens: c.cacheWrite,
        output_reasoning_tokens: c.reasoning,
      };
      return sum + calcPrice(keys, model, c.timestamp === undefined ? {} : { timestamp: new Date(c.timestamp) })!.total_price;
    }, 0);
  const grouped = async (model: string, calls: Call[]) =>
    (await loadPrices()).priceModel(
      model,
      calls.map((c) => ({ usage: usageOf(c), ...(c.timestamp !== undefined && { timestamp: c.timestamp }) })),
    );
  // Prompts on both sides of the 200,000-token tier, one just at it (the tier starts past it).
  const sizes = [1_000, 150_000, 199_999, 200_000, 200_001, 250_000, 900_000];
  const calls = (timestamps: (string | undefined)[]): Call[] =>
    sizes.flatMap((input, i) =>
      timestamps.map((timestamp, j) => ({
        input,
        cacheRead: Math.floor(input / 3),
        cacheWrite: Math.floor(input / 5),
        output: 100 * (i + j + 1),
        reasoning: 10 * i,
        ...(timestamp !== undefined && { timestamp }),
      })),
    );

  it('a model with one price set, tiered by prompt size (claude-sonnet-4-5)', async () => {
    const all = calls([undefined]);
    expect((await grouped('claude-sonnet-4-5-20250929', all))?.usd).toBeCloseTo(eachCall('claude-sonnet-4-5-20250929', all), 10);
  });

  it('a model whose prices changed on a date (claude-sonnet-4-6, tiers dropped on 2026-03-13)', async () => {
    const all = calls(['2026-01-05T10:00:00Z', '2026-03-12T23:59:59Z', '2026-03-13T00:00:00Z', '2026-06-01T08:00:00Z']);
    const estimate = await grouped('claude-sonnet-4-6', all);
    expect(estimate?.priced).toBe(all.length);
    expect(estimate?.usd).toBeCloseTo(eachCall('claude-sonnet-4-6', all), 10);
  });

  it("a model whose prices differ by the time of day (deepseek-chat's off-peak hours)", async () => {
    const all = calls(['2026-05-01T00:10:00Z', '2026-05-01T12:00:00Z', '2026-05-01T17:00:00Z']).map((c) => ({ ...c, cacheWrite: 0, reasoning: 0 }));
    expect((await grouped('deepseek-chat', all))?.usd).toBeCloseTo(eachCall('deepseek-chat', all), 10);
  });

  it('usage the package would refuse is not priced: cache parts larger than the prompt', async () => {
    const estimate = await grouped('gpt-4o', [
      { input: 10, cacheRead: 20, cacheWrite: 0, output: 1, reasoning: 0 },
      { input: 10, cacheRead: 0, cacheWrite: 0, output: 1, reasoning: 0 },
    ]);
    expect(estimate?.priced).toBe(1);
  });
});

describe('msgscope check: Cost and Tokens', () => {
  it('--json: an estimate, with the price data and its date', async () => {
    const report = await checkJson(real('agentcmd/claude-full-session-askuserquestion.jsonl'));
    expect(report.tokens.reported).toBe(true);
    expect(report.cost).toEqual({
      usd: expect.closeTo(0.14081235, 12),
      estimated: true,
      runReported: false,
      byModel: [
        {
          model: 'claude-sonnet-4-5-20250929',
          usd: expect.closeTo(0.14081235, 12),
          estimated: true,
          messages: 3,
          reported: 0,
          unpriced: 0,
          pricedAs: 'Anthropic Claude Sonnet 4.5',
        },
      ],
      unpriced: [],
      priceDate: '2026-09-23',
      priceData: 'genai-prices 0.1.8',
    });
  });

  it('--json and the report: a cost the file reports wins, and needs no price data', async () => {
    // Langfuse's costDetails.total of the two GENERATIONs: 0.000402 + 0.00023.
    const report = await checkJson(real('langfuse/openai-agents-2025-09-30.trace.json'));
    expect(report.cost).toMatchObject({ usd: expect.closeTo(0.000632, 12), estimated: false, runReported: false, unpriced: [], priceDate: null });
    expect(await checkHuman(real('langfuse/openai-agents-2025-09-30.trace.json'))).toContain('Cost: $0.0006 (reported)');
  });

  it("the report: a run's reported cost, and Tokens: not reported when no message reports usage", async () => {
    const report = await checkJson(real('swe-agent/pydicom__pydicom-1458.traj'));
    expect(report.tokens).toMatchObject({ reported: false, total: 0 });
    expect(report.cost).toMatchObject({ usd: 1.26719, estimated: false, runReported: true, byModel: [], unpriced: [] });
    const lines = await checkHuman(real('swe-agent/pydicom__pydicom-1458.traj'));
    expect(lines).toContain('Tokens: not reported');
    expect(lines).toContain('Cost: $1.27 (reported for the run)');
    expect(lines.some((line) => line.startsWith('Tokens: input'))).toBe(false);
  });

  it('the report: an estimate names its price data and date', async () => {
    const lines = await checkHuman(real('agentcmd/gemini-session-2025-10-29T10-36-453aa339.json'));
    expect(lines).toContain('Cost: $0.0282 (estimated from genai-prices 0.1.8 price data of 2026-09-23)');
  });

  it('the report: a model without a price is named, and the cost is unknown rather than $0', async () => {
    const lines = await checkHuman(real('inspect-ai/log_read_sample.json'));
    expect(lines).toContain('Cost: unknown (no price for gemma3)');
    const report = await checkJson(real('inspect-ai/log_read_sample.json'));
    expect(report.cost).toMatchObject({ usd: null, estimated: false, unpriced: ['gemma3'] });
  });

  it('a collection: the cost of every conversation, one line for the file', async () => {
    // Four GENERATIONs over two conversations: 0.00009435 + 0.000061049999 + 0.0000837 + 0.00008355.
    const report = await checkJson(real('langfuse/pydantic-ai-tools-2025-12-04.trace.json'));
    expect(report.kind).toBe('collection');
    expect(report.cost.usd).toBeCloseTo(0.000322649999, 12);
    expect(report.cost.byModel).toMatchObject([{ model: 'gpt-4o-mini-2024-07-18', messages: 4, reported: 4 }]);
  });
});

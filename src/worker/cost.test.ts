import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../core/import';
import type { Transcript } from '../core/model';
import { costOf } from './cost';

const real = (name: string): Transcript => {
  const result = importText(readFileSync(join(import.meta.dirname, '../../fixtures/real', name), 'utf8'));
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
};

describe("the worker's cost", () => {
  it('estimates with the price data it loads: gemini-2.5-pro, 17,665 uncached + 4,029 cached in, 563 out', async () => {
    const cost = await costOf(real('agentcmd/gemini-session-2025-10-29T10-36-453aa339.json'));
    expect(cost).toMatchObject({ usd: expect.closeTo(0.028214875, 12), estimated: true, priceDate: '2026-09-23', unpriced: [] });
  });

  it("takes the run's reported cost over the estimate (Claude Agent SDK result total_cost_usd)", async () => {
    const cost = await costOf(real('claude-agent-sdk-gleam/basic_query.ndjson'));
    expect(cost).toMatchObject({ usd: 0.1354875, estimated: false, runReported: true });
    // The model's own figure is still estimated: claude-opus-4-5 at $5 in, $6.25 cache write, $25 out a million,
    // for 10 in, 21,570 written and 5 out.
    expect(cost.byModel).toEqual([expect.objectContaining({ model: 'claude-opus-4-5-20251101', usd: expect.closeTo(0.1349875, 12), estimated: true })]);
  });

  it('prices nothing for a history without usage', async () => {
    expect(await costOf(real('swe-agent/6e44b9__sweagenttestrepo-1c2844.traj'))).toEqual({
      usd: 0.019520000000000006,
      estimated: false,
      runReported: true,
      byModel: [],
      unpriced: [],
    });
  });
});

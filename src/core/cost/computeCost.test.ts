import { describe, expect, it } from 'vitest';
import { ai, build, human, usage } from '../testing/messages';
import { computeCost } from './computeCost';
import { formatUsd } from './format';
import type { PriceCall, PriceSource } from './prices';

/**
 * Price data that knows one model, `known-1`, at $1 per million input tokens and $2 per million output tokens; it
 * refuses a call with more than a million output tokens.
 */
function fakePrices(): PriceSource & { asked: { model: string; calls: readonly PriceCall[] }[] } {
  const asked: { model: string; calls: readonly PriceCall[] }[] = [];
  return {
    name: 'fake 1.0',
    date: '2026-01-02',
    asked,
    priceModel(model, calls) {
      asked.push({ model, calls });
      if (model !== 'known-1') return undefined;
      const taken = calls.filter((c) => c.usage.output <= 1e6);
      const usd = taken.reduce((sum, c) => sum + (c.usage.input * 1 + c.usage.output * 2) / 1e6, 0);
      return { usd, priced: taken.length, provider: 'Fake', matched: 'Known 1' };
    },
  };
}

describe('computeCost', () => {
  it('takes a reported cost over the estimate, and asks the price data nothing for it', () => {
    const prices = fakePrices();
    const cost = computeCost(build(human(), ai({ model: 'known-1', usage: usage(1000, 100, undefined, { cost: 0.5 }) })), { prices });
    expect(cost).toEqual({
      usd: 0.5,
      estimated: false,
      byModel: [{ model: 'known-1', usd: 0.5, estimated: false, messages: 1, reported: 1, unpriced: 0 }],
      unpriced: [],
    });
    expect(prices.asked).toEqual([]);
  });

  it('estimates the rest from the price data, dated, and sums the two kinds', () => {
    const prices = fakePrices();
    const messages = build(
      ai({ model: 'known-1', usage: usage(1_000_000, 0, undefined, { cost: 3 }) }),
      ai({ model: 'known-1', usage: usage(2_000_000, 500_000), timestamp: '2025-06-01T10:00:00Z' }),
    );
    const cost = computeCost(messages, { prices });
    // 3 reported + (2 + 2 × 0.5) estimated.
    expect(cost.usd).toBeCloseTo(6, 10);
    expect(cost.estimated).toBe(true);
    expect(cost.priceDate).toBe('2026-01-02');
    expect(cost.priceData).toBe('fake 1.0');
    expect(cost.byModel).toEqual([
      { model: 'known-1', usd: expect.closeTo(6, 10), estimated: true, messages: 2, reported: 1, unpriced: 0, pricedAs: 'Fake Known 1' },
    ]);
    // Every call of the model at once, with when it was made, for prices that changed over time.
    expect(prices.asked).toEqual([{ model: 'known-1', calls: [{ usage: messages[1]!.usage, timestamp: '2025-06-01T10:00:00Z' }] }]);
  });

  it('lists a model without a price as unpriced, never as $0', () => {
    const cost = computeCost(build(ai({ model: 'no-such-model', usage: usage(5000, 50) })), { prices: fakePrices() });
    expect(cost.usd).toBeUndefined();
    expect(cost.estimated).toBe(false);
    expect(cost.unpriced).toEqual(['no-such-model']);
    expect(cost.byModel).toEqual([{ model: 'no-such-model', estimated: false, messages: 1, reported: 0, unpriced: 1 }]);
    expect(cost.priceDate).toBeUndefined();
  });

  it('counts the calls the price data could not take as unpriced, and sums the rest', () => {
    const cost = computeCost(build(ai({ model: 'known-1', usage: usage(1_000_000, 0) }), ai({ model: 'known-1', usage: usage(0, 2_000_000) })), {
      prices: fakePrices(),
    });
    expect(cost.usd).toBeCloseTo(1, 10);
    expect(cost.byModel).toEqual([
      { model: 'known-1', usd: expect.closeTo(1, 10), estimated: true, messages: 2, reported: 0, unpriced: 1, pricedAs: 'Fake Known 1' },
    ]);
    expect(cost.unpriced).toEqual(['known-1']);
  });

  it('sums the priced models and names the others', () => {
    const cost = computeCost(build(ai({ model: 'known-1', usage: usage(1_000_000, 0) }), ai({ model: 'mystery', usage: usage(9, 9) })), {
      prices: fakePrices(),
    });
    expect(cost.usd).toBeCloseTo(1, 10);
    expect(cost.unpriced).toEqual(['mystery']);
    expect(cost.byModel.map((m) => [m.model, m.usd])).toEqual([
      ['known-1', expect.closeTo(1, 10)],
      ['mystery', undefined],
    ]);
  });

  it('counts usage without a model name under "unknown", unpriced, without asking the price data', () => {
    const prices = fakePrices();
    const cost = computeCost(build(ai({ usage: usage(10, 10) })), { prices });
    expect(cost.unpriced).toEqual(['unknown']);
    expect(prices.asked).toEqual([]);
  });

  it('prices nothing where no usage is reported: a model name alone costs nothing', () => {
    const cost = computeCost(build(human(), ai({ model: 'known-1' })), { prices: fakePrices() });
    expect(cost).toEqual({ estimated: false, byModel: [], unpriced: [] });
  });

  it('without price data, sums what is reported and leaves the rest unpriced', () => {
    const cost = computeCost(build(ai({ model: 'known-1', usage: usage(1, 1, undefined, { cost: 0.25 }) }), ai({ model: 'known-1', usage: usage(1, 1) })));
    expect(cost.usd).toBe(0.25);
    expect(cost.estimated).toBe(false);
    expect(cost.unpriced).toEqual(['known-1']);
    expect(cost.byModel[0]).toMatchObject({ usd: 0.25, reported: 1, unpriced: 1 });
  });

  it("takes the run's reported cost for the total, not an estimate, and keeps the models' figures", () => {
    const cost = computeCost(build(ai({ model: 'known-1', usage: usage(1_000_000, 0) })), { prices: fakePrices(), reportedCost: 0.75 });
    expect(cost.usd).toBe(0.75);
    expect(cost.runReported).toBe(true);
    expect(cost.estimated).toBe(false);
    expect(cost.byModel[0]).toMatchObject({ usd: expect.closeTo(1, 10), estimated: true });
    expect(cost.priceDate).toBe('2026-01-02');
  });

  it('reports a run cost even when no message reports usage', () => {
    expect(computeCost(build(human(), ai()), { reportedCost: 1.26719 })).toEqual({
      usd: 1.26719,
      estimated: false,
      runReported: true,
      byModel: [],
      unpriced: [],
    });
  });
});

describe('formatUsd', () => {
  it('prints cents from a dollar, four decimals below, two significant digits below a hundredth of a cent', () => {
    expect([1.234, 12345.678, 0.0421, 0.000402, 0.0000103, 1.2e-7, 0].map(formatUsd)).toEqual([
      '$1.23',
      '$12345.68',
      '$0.0421',
      '$0.0004',
      '$0.000010',
      '$0.00000012',
      '$0.00',
    ]);
  });
});

// What a run cost: the cost its history reports where it reports one, else an estimate from the price data for the
// models it names and the usage it reports. docs/FORMATS.md, "Cost", says which formats report what.
import type { Message } from '../model';
import type { PriceCall, PriceSource } from './prices';

/** The model a message with usage but no model name is counted under, as the token totals count it. */
export const NO_MODEL = 'unknown';

export interface ModelCost {
  model: string;
  /** Dollars: reported and estimated messages summed; absent when none of its messages could be priced. */
  usd?: number;
  /** Whether any part of `usd` is an estimate. */
  estimated: boolean;
  /** Messages of this model that carry usage (or a cost). */
  messages: number;
  /** Of them, the ones whose cost the history reports. */
  reported: number;
  /** Of them, the ones neither reported nor priced: `usd` leaves them out. */
  unpriced: number;
  /** What the price data matched the name to (`OpenAI gpt-4o`), when it was used. */
  pricedAs?: string;
}

export interface RunCost {
  /** Dollars for the run: what the file reports for it, else the sum over `byModel`; absent when nothing could be priced. */
  usd?: number;
  /** Whether any part of `usd` is an estimate from the price data. */
  estimated: boolean;
  /** Set when `usd` is the run's own reported figure (`Transcript.reportedCost`) rather than the messages' sum. */
  runReported?: true;
  /** Every model that has usage, in the order they first appear. */
  byModel: ModelCost[];
  /** Models with messages that could not be priced (no price known, no cost reported): never counted as $0. */
  unpriced: string[];
  /** The price data's date, when any figure is estimated from it. */
  priceDate?: string;
  /** The price data's name and version, with `priceDate`. */
  priceData?: string;
}

export interface CostOptions {
  /** Price data for estimates; without it only reported costs are summed and every other model is unpriced. */
  prices?: PriceSource;
  /** What the file reports for the whole run (`Transcript.reportedCost`). */
  reportedCost?: number;
}

interface Tally {
  model: string;
  usd: number;
  messages: number;
  reported: number;
  estimated: number;
  unpriced: number;
  /** The calls left to estimate, priced together once every message is seen. */
  calls: PriceCall[];
  pricedAs?: string;
}

/**
 * The run's cost, per model and in all. Only reported usage is priced (a message without `usage` costs nothing here,
 * and token estimates never reach this), each call by its own usage: prices tiered by prompt size apply per request.
 */
export function computeCost(messages: Iterable<Message>, { prices, reportedCost }: CostOptions = {}): RunCost {
  const tallies = new Map<string, Tally>();
  for (const m of messages) {
    const usage = m.usage;
    if (usage === undefined) continue;
    const model = m.model ?? NO_MODEL;
    let tally = tallies.get(model);
    if (tally === undefined) tallies.set(model, (tally = { model, usd: 0, messages: 0, reported: 0, estimated: 0, unpriced: 0, calls: [] }));
    tally.messages++;
    if (usage.cost !== undefined) {
      tally.usd += usage.cost;
      tally.reported++;
    } else if (m.model === undefined || prices === undefined) tally.unpriced++;
    else tally.calls.push(m.timestamp === undefined ? { usage } : { usage, timestamp: m.timestamp });
  }
  for (const tally of tallies.values()) {
    if (tally.calls.length === 0 || prices === undefined) continue;
    const estimate = prices.priceModel(tally.model, tally.calls);
    const priced = estimate?.priced ?? 0;
    tally.unpriced += tally.calls.length - priced;
    if (estimate === undefined || priced === 0) continue;
    tally.usd += estimate.usd;
    tally.estimated += priced;
    tally.pricedAs = `${estimate.provider} ${estimate.matched}`;
  }

  const byModel = [...tallies.values()].map(modelCost);
  const priced = byModel.filter((c) => c.usd !== undefined);
  const anyEstimate = byModel.some((c) => c.estimated);
  const usd = reportedCost ?? (priced.length > 0 ? priced.reduce((sum, c) => sum + (c.usd ?? 0), 0) : undefined);
  return {
    ...(usd !== undefined && { usd }),
    estimated: reportedCost === undefined && anyEstimate,
    ...(reportedCost !== undefined && { runReported: true as const }),
    byModel,
    unpriced: byModel.filter((c) => c.unpriced > 0).map((c) => c.model),
    ...(anyEstimate && prices && { priceDate: prices.date, priceData: prices.name }),
  };
}

// Keys in the order --json shows them.
const modelCost = (t: Tally): ModelCost => ({
  model: t.model,
  ...(t.reported + t.estimated > 0 && { usd: t.usd }),
  estimated: t.estimated > 0,
  messages: t.messages,
  reported: t.reported,
  unpriced: t.unpriced,
  ...(t.pricedAs !== undefined && { pricedAs: t.pricedAs }),
});

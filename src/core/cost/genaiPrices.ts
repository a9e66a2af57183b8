// @pydantic/genai-prices as core's PriceSource. Core imports no package: the worker and the CLI import the package
// and hand its `calcPrice` to `genaiPriceSource`, which keeps here what both need (how our usage maps to its keys,
// which model a name matched, how calls are grouped) and nothing of the package's own.
import { isRecord } from '../json/value';
import type { Usage } from '../model';
import { timestampMs } from '../timestamps';
import type { ModelEstimate, PriceCall, PriceSource } from './prices';

/**
 * The package version the app and the CLI are built with, and the day it was published (the npm registry's `time`
 * for 0.1.8, `npm view @pydantic/genai-prices time`): its bundled price data is as of then. The package carries no
 * date of its own (`auto_update_timestamp` is set only for data fetched by `updatePrices`, which msgscope never
 * calls: no request the user did not ask for). src/cli/cost.test.ts fails when the installed version differs.
 */
export const GENAI_PRICES_DATA = { version: '0.1.8', date: '2026-09-23' } as const;

/** The parts of the package's `Provider` and `ModelInfo` read here (its dist/index.d.ts). */
interface ProviderShape<M> {
  name: string;
  models: M[];
}
interface ModelShape {
  id: string;
  name?: string;
  /** `ModelPrice`, or `ConditionalPrice[]` when prices changed on a date or differ by the time of day. */
  prices: unknown;
}

type Options<P> = { provider?: P; providerId?: string; timestamp?: Date };

/** `calcPrice(usage, modelId, options)` of @pydantic/genai-prices 0.1.8, as far as it is used here. */
export type CalcPrice<P extends ProviderShape<M>, M extends ModelShape> = (
  usage: Record<string, number>,
  modelId: string,
  options?: Options<P>,
) => { total_price: number; provider: P; model: M; model_price: unknown } | null;

/** The package's usage keys, in the order of `Counts`. */
const KEYS = ['input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'output_reasoning_tokens'] as const;
type Counts = [number, number, number, number, number];

/**
 * A call's usage in the package's keys (its README, "Cached input tokens", and `prices/units.yml`): `input_tokens` is
 * the whole prompt with `cache_read_tokens` and `cache_write_tokens` parts of it, `output_tokens` the whole output with
 * `output_reasoning_tokens` part of it. `Usage` counts the same way (Anthropic's cache counts are added into input by
 * its reader, Gemini's thoughts into output), which is also how the package's own extractors read those providers.
 * Undefined for usage the package refuses: a count below 0, cache parts larger than the prompt.
 */
function countsOf(usage: Usage): Counts | undefined {
  const cacheRead = usage.cacheRead ?? 0;
  const cacheWrite = usage.cacheCreation ?? 0;
  const reasoning = usage.reasoning ?? 0;
  if (Math.min(usage.input, usage.output, cacheRead, cacheWrite, reasoning) < 0 || cacheRead + cacheWrite > usage.input) return undefined;
  // A part larger than its whole is a source that counts reasoning apart from output: priced as output then, at the
  // output rate, rather than refused.
  return [usage.input, usage.output, cacheRead, cacheWrite, reasoning <= usage.output ? reasoning : 0];
}

/** Counts as the package's usage object, naming only the keys with tokens. */
export function genaiUsage(counts: readonly number[]): Record<string, number> {
  const usage: Record<string, number> = { input_tokens: counts[0] ?? 0, output_tokens: counts[1] ?? 0 };
  for (let k = 2; k < KEYS.length; k++) if ((counts[k] ?? 0) > 0) usage[KEYS[k]!] = counts[k]!;
  return usage;
}

/** Where a price set's tiers start: a price of the whole request changes once its prompt passes one (`TieredPrices`). */
function tierStarts(prices: unknown): number[] {
  const starts = new Set<number>();
  if (isRecord(prices))
    for (const price of Object.values(prices))
      if (isRecord(price) && Array.isArray(price.tiers))
        for (const tier of price.tiers) if (isRecord(tier) && typeof tier.start === 'number') starts.add(tier.start);
  return [...starts].sort((a, b) => a - b);
}

/** Calls that get the same rates: one price set, one tier. Priced as `n` calls of their mean usage. */
interface Group {
  n: number;
  sums: Counts;
  timestamp?: Date;
}

/**
 * How a model's calls are grouped. Within a price set and a tier the package's price is linear in the counts plus a
 * fixed fee a request, so `n` times the price of the mean call is the sum of the calls' prices (and the mean stays in
 * the tier: each call's prompt is within it). Which set applies depends on the call's time: not at all for a model
 * with one set; on its UTC day when the sets start on dates (`start_date`, a day); on the time of day otherwise
 * (DeepSeek's off-peak hours), and then each call is priced alone.
 */
type Schedule = { kind: 'fixed'; starts: number[] } | { kind: 'daily' } | { kind: 'each' };

function scheduleOf(model: ModelShape): Schedule {
  if (!Array.isArray(model.prices)) return { kind: 'fixed', starts: tierStarts(model.prices) };
  const byDate = model.prices.every((p) => !isRecord(p) || !isRecord(p.constraint) || p.constraint.type === 'start_date');
  return byDate ? { kind: 'daily' } : { kind: 'each' };
}

interface Found<P> {
  provider: P;
  modelId: string;
  name: string;
  schedule: Schedule;
}

/**
 * A PriceSource over the package's bundled data. The provider is found from the model name (`claude…` is Anthropic,
 * `gpt-…` OpenAI, `gemini…` Google…); a name `provider/model` that matches nothing as a whole (LiteLLM, OpenRouter)
 * is tried as that provider's model. Which model a name matches is looked up once; its calls are then priced against
 * that model alone, in groups (Schedule): the package checks its units on every call, 10 to 60 µs each.
 */
export function genaiPriceSource<P extends ProviderShape<M>, M extends ModelShape>(calcPrice: CalcPrice<P, M>): PriceSource {
  // Per model name: what it matched, or null when the data knows no such model.
  const found = new Map<string, Found<P> | null>();
  const attempt = (usage: Record<string, number>, modelId: string, options: Options<P>) => {
    try {
      return calcPrice(usage, modelId, options);
    } catch {
      // Usage the package refuses: that group is not priced.
      return null;
    }
  };

  function find(model: string): Found<P> | null {
    const known = found.get(model);
    if (known !== undefined) return known;
    let modelId = model;
    let result = attempt({}, model, {});
    const slash = model.indexOf('/');
    if (result === null && slash > 0) {
      modelId = model.slice(slash + 1);
      result = attempt({}, modelId, { providerId: model.slice(0, slash) });
    }
    const match = result && {
      provider: { ...result.provider, models: [result.model] },
      modelId,
      name: result.model.name ?? result.model.id,
      schedule: scheduleOf(result.model),
    };
    found.set(model, match);
    return match;
  }

  return {
    name: `genai-prices ${GENAI_PRICES_DATA.version}`,
    date: GENAI_PRICES_DATA.date,
    priceModel(model: string, calls: readonly PriceCall[]): ModelEstimate | undefined {
      const match = find(model);
      if (match === null) return undefined;
      const { provider, modelId, schedule } = match;
      // Per price set (its identity, or the call for `each`) and tier: the calls' sums.
      const groups = new Map<unknown, Map<number, Group>>();
      const daySets = new Map<number, { prices: unknown; starts: number[] }>();
      /** The price set in force on the day of `timestamp` (today without one), found by pricing nothing on it. */
      const dayPrices = (timestamp: Date | undefined) => {
        const day = timestamp === undefined ? -1 : Math.floor(timestamp.getTime() / 86_400_000);
        let set = daySets.get(day);
        if (set === undefined) {
          const prices = attempt({}, modelId, { provider, ...(timestamp && { timestamp }) })?.model_price;
          daySets.set(day, (set = { prices, starts: tierStarts(prices) }));
        }
        return set;
      };
      const fixed = { prices: schedule, starts: schedule.kind === 'fixed' ? schedule.starts : [] };
      for (const call of calls) {
        const counts = countsOf(call.usage);
        if (counts === undefined) continue;
        const ms = schedule.kind === 'fixed' || call.timestamp === undefined ? undefined : timestampMs(call.timestamp);
        const timestamp = ms === undefined ? undefined : new Date(ms);
        const set = schedule.kind === 'fixed' ? fixed : schedule.kind === 'daily' ? dayPrices(timestamp) : { prices: call, starts: [] };
        const tier = set.starts.reduce((n, start) => (counts[0] > start ? n + 1 : n), 0);
        let tiers = groups.get(set.prices);
        if (tiers === undefined) groups.set(set.prices, (tiers = new Map<number, Group>()));
        let group = tiers.get(tier);
        if (group === undefined) tiers.set(tier, (group = { n: 0, sums: [0, 0, 0, 0, 0], ...(timestamp && { timestamp }) }));
        group.n++;
        for (let k = 0; k < counts.length; k++) group.sums[k]! += counts[k]!;
      }
      let usd = 0;
      let priced = 0;
      for (const tiers of groups.values())
        for (const { n, sums, timestamp } of tiers.values()) {
          const mean = genaiUsage(sums.map((sum) => sum / n));
          const result = attempt(mean, modelId, { provider, ...(timestamp && { timestamp }) });
          if (result === null) continue;
          usd += result.total_price * n;
          priced += n;
        }
      return { usd, priced, provider: provider.name, matched: match.name };
    },
  };
}

// What core asks of price data. Core holds no price list of its own and imports no package: the worker and the CLI
// pass one in (genaiPrices.ts adapts @pydantic/genai-prices to this), so a figure here is only ever an estimate.
import type { Usage } from '../model';

/** One model call to price: the usage it reported, and when it was made. */
export interface PriceCall {
  /** As the model holds it: `input` counts the whole prompt (cache reads and writes included), `output` reasoning included. */
  usage: Usage;
  /** The message's timestamp as the history wrote it, for prices that changed over time; absent: today's prices. */
  timestamp?: string;
}

export interface ModelEstimate {
  /** Dollars for the calls it could price. */
  usd: number;
  /** How many of the calls it priced; the others' usage it could not take. */
  priced: number;
  /** The price data's name for the provider and the model it matched, e.g. `Anthropic`, `Claude Sonnet 4.5`. */
  provider: string;
  matched: string;
}

export interface PriceSource {
  /**
   * Prices every call of one model at once (a run of 100,000 calls is priced in far fewer steps than calls), each by
   * its own usage; undefined when the data knows no such model.
   */
  priceModel(model: string, calls: readonly PriceCall[]): ModelEstimate | undefined;
  /** The price data's name and version, e.g. `genai-prices 0.1.8`. */
  name: string;
  /** When the price data was published, YYYY-MM-DD: an estimate is as current as this. */
  date: string;
}

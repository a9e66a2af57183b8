// The price data for cost estimates: @pydantic/genai-prices, about 800 KB of code, imported only by a check that has
// something to price, so that other commands and histories without usage start without it.
import { genaiPriceSource, type PriceSource } from '../core/cost';
import type { ImportResult } from '../core/model';

let loaded: Promise<PriceSource> | undefined;

export function loadPrices(): Promise<PriceSource> {
  loaded ??= import('@pydantic/genai-prices').then(({ calcPrice }) => genaiPriceSource(calcPrice));
  return loaded;
}

/** Whether any message of the file has usage to estimate: a model named and no cost reported. */
export function wantsPrices(result: ImportResult): boolean {
  if (!result.ok) return false;
  const transcripts = result.conversations?.map((c) => c.transcript) ?? [result.transcript];
  return transcripts.some((t) => t.messages.some((m) => m.usage !== undefined && m.usage.cost === undefined && m.model !== undefined));
}

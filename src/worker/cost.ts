// The `cost` request: what the open conversation cost. The price data (@pydantic/genai-prices, about 800 KB of code)
// is imported the first time a history has usage to estimate, never for the first paint or the import.
import { computeCost, genaiPriceSource, type PriceSource, type RunCost } from '../core/cost';
import type { Transcript } from '../core/model';

let prices: Promise<PriceSource> | undefined;

function loadPrices(): Promise<PriceSource> {
  prices ??= import('@pydantic/genai-prices').then(({ calcPrice }) => genaiPriceSource(calcPrice));
  return prices;
}

/** Reported costs first (per message, or the run's own figure), estimates for the rest; see core/cost. */
export async function costOf(transcript: Transcript): Promise<RunCost> {
  const { messages, reportedCost } = transcript;
  const toEstimate = messages.some((m) => m.usage !== undefined && m.usage.cost === undefined && m.model !== undefined);
  return computeCost(messages, {
    ...(toEstimate && { prices: await loadPrices() }),
    ...(reportedCost !== undefined && { reportedCost }),
  });
}

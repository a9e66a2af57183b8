export { computeCost, NO_MODEL, type CostOptions, type ModelCost, type RunCost } from './computeCost';
export { formatUsd } from './format';
export { GENAI_PRICES_DATA, genaiPriceSource, genaiUsage, type CalcPrice } from './genaiPrices';
export type { ModelEstimate, PriceCall, PriceSource } from './prices';

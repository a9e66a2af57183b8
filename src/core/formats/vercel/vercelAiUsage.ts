// AI SDK usage objects (vercel/ai packages/ai/src/types/usage.ts): v6 `inputTokenDetails` /
// `outputTokenDetails`, v5 flat `cachedInputTokens` / `reasoningTokens`, v4 `promptTokens` /
// `completionTokens`. inputTokens already counts cache reads and writes (v6: noCacheTokens +
// cacheReadTokens + cacheWriteTokens), so it is used as reported.
import { isRecord } from '../../json/value';
import type { Usage } from '../../model';
import { numberOf } from '../common/fields';
import { usageFrom } from '../common/usage';

export function readVercelUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const inputDetails = isRecord(value.inputTokenDetails) ? value.inputTokenDetails : {};
  const outputDetails = isRecord(value.outputTokenDetails) ? value.outputTokenDetails : {};
  return usageFrom({
    input: numberOf(value.inputTokens) ?? numberOf(value.promptTokens),
    output: numberOf(value.outputTokens) ?? numberOf(value.completionTokens),
    total: numberOf(value.totalTokens),
    cacheRead: numberOf(inputDetails.cacheReadTokens) ?? numberOf(value.cachedInputTokens),
    cacheCreation: numberOf(inputDetails.cacheWriteTokens),
    reasoning: numberOf(outputDetails.reasoningTokens) ?? numberOf(value.reasoningTokens),
  });
}

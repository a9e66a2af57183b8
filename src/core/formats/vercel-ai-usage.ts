// AI SDK usage objects (vercel/ai packages/ai/src/types/usage.ts): v6 `inputTokenDetails` /
// `outputTokenDetails`, v5 flat `cachedInputTokens` / `reasoningTokens`, v4 `promptTokens` /
// `completionTokens`. inputTokens already counts cache reads and writes (v6: noCacheTokens +
// cacheReadTokens + cacheWriteTokens), so it is used as reported.
import { isRecord } from '../json/value';
import type { Usage } from '../model';
import { numberOf } from './common/fields';

export function readVercelUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const input = numberOf(value.inputTokens) ?? numberOf(value.promptTokens);
  const output = numberOf(value.outputTokens) ?? numberOf(value.completionTokens);
  if (input === undefined && output === undefined) return undefined;
  const reported = numberOf(value.totalTokens);
  const usage: Usage = {
    input: input ?? 0,
    output: output ?? 0,
    total: reported ?? (input ?? 0) + (output ?? 0),
    totalReported: reported !== undefined,
  };
  const inputDetails = isRecord(value.inputTokenDetails) ? value.inputTokenDetails : {};
  const outputDetails = isRecord(value.outputTokenDetails) ? value.outputTokenDetails : {};
  const cacheRead = numberOf(inputDetails.cacheReadTokens) ?? numberOf(value.cachedInputTokens);
  const cacheCreation = numberOf(inputDetails.cacheWriteTokens);
  const reasoning = numberOf(outputDetails.reasoningTokens) ?? numberOf(value.reasoningTokens);
  if (cacheRead !== undefined) usage.cacheRead = cacheRead;
  if (cacheCreation !== undefined) usage.cacheCreation = cacheCreation;
  if (reasoning !== undefined) usage.reasoning = reasoning;
  return usage;
}

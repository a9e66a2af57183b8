// Usage as the model holds it, from the counts each adapter finds under its own field names.
import { isRecord } from '../../json/value';
import type { Usage } from '../../model';
import { numberOf } from './fields';

type Details = { [K in 'cacheRead' | 'cacheCreation' | 'reasoning']?: number | undefined };

/** The counts a source gave; a missing one was not reported. */
export interface UsageCounts extends Details {
  input: number | undefined;
  output: number | undefined;
  total?: number | undefined;
}

/** Sets the details that were given: an absent one stays absent rather than 0. */
function withDetails(usage: Usage, { cacheRead, cacheCreation, reasoning }: Details): Usage {
  if (cacheRead !== undefined) usage.cacheRead = cacheRead;
  if (cacheCreation !== undefined) usage.cacheCreation = cacheCreation;
  if (reasoning !== undefined) usage.reasoning = reasoning;
  return usage;
}

/**
 * None when the source gave neither input nor output. A missing count is 0, and a missing total is
 * input + output, not "reported" (usage-mismatch checks only reported totals).
 */
export function usageFrom(counts: UsageCounts): Usage | undefined {
  const { input, output, total, cacheRead } = counts;
  if (input === undefined && output === undefined) return undefined;
  const inputCount = input ?? 0;
  const outputCount = output ?? 0;
  const totalCount = total ?? inputCount + outputCount;
  const totalReported = total !== undefined;
  // Cache reads, the detail nearly every source gives, go into the literal: a field added later
  // costs each usage a second allocation to hold it.
  if (cacheRead !== undefined && counts.cacheCreation === undefined && counts.reasoning === undefined) {
    return { input: inputCount, output: outputCount, total: totalCount, totalReported, cacheRead };
  }
  return withDetails({ input: inputCount, output: outputCount, total: totalCount, totalReported }, counts);
}

const sum = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));

/** Two usages added up (several usage entries of one message, several models of one sample); the total counts as reported only if both were. */
export function addUsage(total: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!total || !next) return total ?? next;
  const usage: Usage = {
    input: total.input + next.input,
    output: total.output + next.output,
    total: total.total + next.total,
    totalReported: total.totalReported && next.totalReported,
  };
  withDetails(usage, {
    cacheRead: sum(total.cacheRead, next.cacheRead),
    cacheCreation: sum(total.cacheCreation, next.cacheCreation),
    reasoning: sum(total.reasoning, next.reasoning),
  });
  // A sum with a part whose cost is not reported is not the cost of the whole: reported only when both were.
  if (total.cost !== undefined && next.cost !== undefined) usage.cost = total.cost + next.cost;
  return usage;
}

/** Stands in for an absent details object, so that reading one costs no allocation per message. */
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** LangChain `usage_metadata`; the total counts as reported only when the source gave one. */
export function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const inputDetails = isRecord(value.input_token_details) ? value.input_token_details : EMPTY;
  const outputDetails = isRecord(value.output_token_details) ? value.output_token_details : EMPTY;
  return usageFrom({
    input: numberOf(value.input_tokens),
    output: numberOf(value.output_tokens),
    total: numberOf(value.total_tokens),
    cacheRead: numberOf(inputDetails.cache_read),
    cacheCreation: numberOf(inputDetails.cache_creation),
    reasoning: numberOf(outputDetails.reasoning),
  });
}

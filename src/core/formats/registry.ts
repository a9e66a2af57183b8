// Every format msgscope reads, in detection order. A new format is one adapter file plus one line here.
//
// Detection scores: 0 = not this format; 100 = certainly this format; 50 = a generic shape several
// formats share (role/content dicts), which a format-specific adapter claims by scoring above it.
// The highest score wins; ties go to the earlier adapter.
import { langchainDict } from './langchain-dict';
import { langchainSerialized } from './langchain-serialized';
import { langchainStored } from './langchain-stored';
import type { FormatAdapter, ParsedInput } from './types';

const ADAPTERS: readonly FormatAdapter[] = [langchainSerialized, langchainStored, langchainDict];

export function listFormats(): readonly FormatAdapter[] {
  return ADAPTERS;
}

export function getAdapter(name: string): FormatAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}

/** The best-scoring adapter, or undefined when none recognizes the input. */
export function detectFormat(input: ParsedInput): FormatAdapter | undefined {
  let best: FormatAdapter | undefined;
  let bestScore = 0;
  for (const adapter of ADAPTERS) {
    const score = adapter.detect(input);
    if (score > bestScore) {
      best = adapter;
      bestScore = score;
    }
  }
  return best;
}

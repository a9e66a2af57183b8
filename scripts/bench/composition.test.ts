// The context composition of the bench's 100,000-message history (scripts/bench/generate.mjs) with the real tokenizer:
// the figures in docs/BENCHMARKS.md, "Context composition". Run alone, it takes a few seconds:
//   BENCH_COMPOSITION=1 npx vitest run scripts/bench/composition.test.ts
import { describe, expect, it } from 'vitest';
import { composeContext, countMessages, newMessageCounts } from '../../src/core/composition';
import { importText } from '../../src/core/import';
import { compositionOf } from '../../src/worker/composition';
import { loadTokenCounter } from '../../src/worker/tokenCounter';
import { historyText } from './generate.mjs';

const MESSAGES = 100_000;

describe.runIf(process.env.BENCH_COMPOSITION)('context composition of 100,000 messages', () => {
  it('counts and composes in seconds', async () => {
    const text = historyText(MESSAGES);
    const imported = importText(text);
    if (!imported.ok) throw new Error(imported.error.message);
    const { messages, links } = imported.transcript;

    let started = performance.now();
    const count = await loadTokenCounter();
    const load = performance.now() - started;

    started = performance.now();
    const counts = newMessageCounts(messages.length);
    countMessages(messages, count, counts);
    const counting = performance.now() - started;

    started = performance.now();
    const c = composeContext(messages, links, counts);
    const composing = performance.now() - started;

    // As the worker runs it: in slices, yielding between them.
    started = performance.now();
    await compositionOf(imported.transcript, () => undefined);
    const sliced = performance.now() - started;

    const tokens = counts.tokens.reduce((a, b) => a + b, 0);
    console.log(
      JSON.stringify({
        file: `${(text.length / 1e6).toFixed(1)} MB`,
        messages: messages.length,
        turns: c.turns.count,
        categories: c.categories.length,
        tokens,
        loadTokenizerMs: Math.round(load),
        countMs: Math.round(counting),
        composeMs: Math.round(composing),
        workerSlicedMs: Math.round(sliced),
      }),
    );
    expect(c.turns.count).toBeGreaterThan(MESSAGES / 4);
    expect(counting + composing).toBeLessThan(20_000);
  }, 120_000);
});

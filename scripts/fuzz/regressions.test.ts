// Inputs the fuzzer once failed on, kept in scripts/fuzz/regressions/ (each beside the .meta.json the fuzzer
// wrote: the seed, the recipe, and the failures it had then). Each still goes through every stage here, in
// this process, and must fail in none of the fuzzer's ways. They sit outside fixtures/ on purpose: the
// fixtures are what the fuzzer mutates and what the format tests read, and these are not histories.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protoOracleOf, type Plan } from './cases';
import { DEFAULT_BUDGET, failuresOf, keyOf, type Outcome } from './ledger';
import { runPipeline } from './pipeline';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(import.meta.dirname, 'regressions');

interface SavedMeta {
  seed: number;
  index: number;
  weight: 'light' | 'heavy';
  origin: string;
  /** The input as read: a gzip's content (a stage's budget grows with it). */
  size: number;
  failures: { key: string }[];
  plan: Plan;
}

const saved = readdirSync(DIR)
  .filter((name) => !name.endsWith('.meta.json') && !name.endsWith('.md'))
  .sort()
  .map((name) => {
    const meta = JSON.parse(readFileSync(join(DIR, `${name.replace(/(?:\.json|\.jsonl|\.txt)?(?:\.gz|\.zip)?$/, '')}.meta.json`), 'utf8')) as SavedMeta;
    return { name, meta, bytes: new Uint8Array(readFileSync(join(DIR, name))) };
  });

describe('inputs the fuzzer once failed on', () => {
  it('are here, each with the failures it had', () => {
    expect(saved.length).toBeGreaterThan(0);
    for (const { meta } of saved) expect(meta.failures.length).toBeGreaterThan(0);
  });

  it.each(saved.map((s) => [`${s.name} (once: ${s.meta.failures.map((f) => f.key).join('; ')})`, s] as const))(
    '%s now passes every stage',
    (_, { bytes, meta }) => {
      const started = performance.now();
      const report = runPipeline(bytes, meta.plan.options);
      const outcome: Outcome = { kind: 'result', report, ms: performance.now() - started, rss: 0, heapUsed: 0, maxRss: 0 };
      // Time is the fuzzer's to judge, on a quiet child process: here the budget is five times its own, so that
      // a busy machine does not fail it, and a stage that went back to taking minutes still does.
      const budget = { ...DEFAULT_BUDGET, stageMs: DEFAULT_BUDGET.stageMs * 5 };
      const info = { index: meta.index, weight: meta.weight, origin: meta.origin, bytes: meta.size, protoOracle: protoOracleOf(meta.plan) };
      const failures = failuresOf(info, outcome, { budget, root: ROOT, maxAmplification: 64 });
      expect(failures.map(keyOf)).toEqual([]);
    },
    120_000,
  );
});

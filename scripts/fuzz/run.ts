// npm run fuzz -- --seconds N [--seed S] [--out DIR] [--runs N] [--replay I] [--file PATH] [--budget-ms MS] [--heap-mb MB]
//                 [--heavy-every N] [--max-bytes B] [--shrink-seconds N] [--max-amplification X]
//
// Mutates every fixture and generates message-like JSON (fast-check), runs each input through every stage
// the CLI and the worker run (pipeline.ts) in a child process with a heap limit and a time budget, and prints
// what failed: exceptions by site, inputs over budget, crashes, peak memory. Each failing input is saved
// under --out with its seed, index, recipe and failures; then the smallest input of each kind of failure is
// shrunk (fast-check's shrinking of its recipe) and saved as min-*. The same seed makes the same inputs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { gunzipSync, unzipSync } from 'fflate';
import {
  arbitraries,
  build,
  caseAt,
  caseSeed,
  loadFixtures,
  planWith,
  protoOracleOf,
  vocabularyOf,
  weightOf,
  type Arbitraries,
  type Fixture,
  type FuzzCase,
  type Plan,
  type Weight,
} from './cases';
import { parseFuzzArgs, type FuzzArgs } from './args';
import { deadlineMs, failuresOf, formatSummary, keyOf, Ledger, type CaseInfo, type Failure, type LedgerOptions, type Outcome } from './ledger';
import { ChildRunner } from './runner';

const slug = (text: string): string =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

const infoOf = (c: FuzzCase, index: number): CaseInfo => ({ index, weight: c.weight, origin: c.origin, bytes: c.size, protoOracle: protoOracleOf(c.plan) });

/** Bytes as read: a gzip's or zip's content. */
function contentSize(bytes: Uint8Array): number {
  try {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes).length;
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) return Object.values(unzipSync(bytes)).reduce((sum, file) => sum + file.length, 0);
  } catch {
    // Not an archive that opens: its bytes are what is read.
  }
  return bytes.length;
}

/** A saved input as a case: its .meta.json (written beside it) gives the plan it was built from, when it is there. */
function savedCase(file: string): FuzzCase {
  const bytes = new Uint8Array(readFileSync(file));
  // `name.json`, `name.json.gz`: the meta is `name.meta.json`.
  const stem = (path: string) => (path.lastIndexOf('.') > path.lastIndexOf('/') ? path.slice(0, path.lastIndexOf('.')) : path);
  const metaFile = [stem(file), stem(stem(file))].map((name) => `${name}.meta.json`).find((name) => existsSync(name));
  const meta = metaFile ? (JSON.parse(readFileSync(metaFile, 'utf8')) as { plan?: Plan; weight?: Weight; size?: number }) : {};
  const plan: Plan = meta.plan ?? planWith({ base: { kind: 'text', text: '' } });
  return { weight: meta.weight ?? (bytes.length > 64_000 ? 'heavy' : 'light'), origin: file, plan, bytes, size: meta.size ?? contentSize(bytes), ext: '' };
}

/** Saved bytes stop here; past it a failure keeps only its recipe (the seed and index rebuild it). */
const SAVE_LIMIT = 512 * 1_000_000;

class Saver {
  private savedBytes = 0;
  constructor(
    readonly dir: string,
    readonly seed: number,
  ) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }

  save(name: string, c: FuzzCase, index: number, failures: readonly Failure[]): string {
    const withBytes = this.savedBytes + c.bytes.length <= SAVE_LIMIT;
    const file = join(this.dir, `${name}${c.ext}`);
    if (withBytes) {
      writeFileSync(file, c.bytes);
      this.savedBytes += c.bytes.length;
    }
    const meta = {
      seed: this.seed,
      index,
      caseSeed: caseSeed(this.seed, index),
      replay: `npm run fuzz -- --seed ${this.seed} --replay ${index}`,
      weight: c.weight,
      origin: c.origin,
      bytes: c.bytes.length,
      size: c.size,
      saved: withBytes,
      failures: failures.map((f) => ({ key: keyOf(f), ...f })),
      plan: c.plan,
    };
    writeFileSync(join(this.dir, `${name}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
    return file;
  }
}

async function main(): Promise<number> {
  const args = parseFuzzArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const budget = { stageMs: args.budgetMs, hangFactor: args.hangFactor };
  const ledgerOptions: LedgerOptions = { budget, root, maxAmplification: args.maxAmplification };
  const fixtures = loadFixtures(root);
  const vocab = vocabularyOf(fixtures);
  const arbs = arbitraries(fixtures, vocab, args.maxBytes);
  const newRunner = () =>
    new ChildRunner({
      script: fileURLToPath(new URL('./child.js', import.meta.url)),
      execArgv: ['--enable-source-maps', `--max-old-space-size=${args.heapMb}`],
    });
  const runner = newRunner();
  const runOn = (on: ChildRunner, c: FuzzCase, index: number): Promise<Outcome> =>
    on.run({ id: index, bytes: c.bytes, options: c.plan.options }, deadlineMs(c.size, budget));
  const run = (c: FuzzCase, index: number): Promise<Outcome> => runOn(runner, c, index);

  if (args.file !== undefined) {
    const c = savedCase(args.file);
    const outcome = await run(c, 0);
    runner.close();
    const failures = failuresOf(infoOf(c, 0), outcome, ledgerOptions);
    const stages =
      outcome.kind === 'result'
        ? outcome.report.stages.map(({ stage, ms }) => `${stage} ${ms.toFixed(0)} ms`).join(', ')
        : `${outcome.kind} in ${outcome.stage}`;
    console.log(`${args.file}: ${c.bytes.length} bytes; ${stages}`);
    for (const failure of failures)
      console.log(`  ${keyOf(failure)}${failure.kind === 'exception' ? `\n    ${failure.stack.split('\n').slice(0, 6).join('\n    ')}` : ''}`);
    return failures.length > 0 ? 1 : 0;
  }

  if (args.replay !== undefined) {
    const c = caseAt(arbs, args.seed, args.replay, args.heavyEvery);
    const outcome = await run(c, args.replay);
    runner.close();
    const failures = failuresOf(infoOf(c, args.replay), outcome, ledgerOptions);
    console.log(JSON.stringify({ index: args.replay, weight: c.weight, origin: c.origin, bytes: c.bytes.length, plan: c.plan, outcome, failures }, null, 2));
    return failures.length > 0 ? 1 : 0;
  }

  const header = `msgscope fuzz: seed ${args.seed}, ${args.seconds} s, ${args.jobs} lane(s), ${fixtures.length} fixtures, every ${args.heavyEvery}th input heavy (up to ${args.maxBytes} bytes), child heap ${args.heapMb} MB, a stage's budget ${args.budgetMs} ms (per MB beyond 1 MB), killed after ${args.hangFactor} budgets`;
  console.error(header);
  const ledger = new Ledger(ledgerOptions);
  const saver = new Saver(join(root, args.out, `seed-${args.seed}`), args.seed);
  const cases = new Map<string, { index: number; c: FuzzCase }>();
  const buildErrors: string[] = [];
  const started = performance.now();
  const end = started + args.seconds * 1000;
  let shownAt = started;
  let generateMs = 0;
  let next = 0;
  const more = () => performance.now() < end && (args.runs === undefined || next < args.runs);
  // Each lane runs its inputs in a child of its own; the inputs are numbered in the order they are drawn, so a
  // seed makes the same inputs whatever the number of lanes (which lane runs one, and when, may differ).
  // Light inputs run one after another in a child that stays (its compiled code warm); each heavy input gets a
  // child of its own, stopped after it, so that its peak memory is its own and it leaves no garbage behind.
  const heavyRunners: ChildRunner[] = [];
  const lane = async (laneRunner: ChildRunner): Promise<void> => {
    const heavyRunner = newRunner();
    heavyRunners.push(heavyRunner);
    while (more()) {
      const index = next++;
      const generating = performance.now();
      let c: FuzzCase;
      try {
        c = caseAt(arbs, args.seed, index, args.heavyEvery);
      } catch (error) {
        // A mutator's own bug: said at the end, and the run goes on.
        buildErrors.push(`#${index} (${weightOf(index, args.heavyEvery)}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        continue;
      }
      generateMs += performance.now() - generating;
      const on = c.weight === 'heavy' ? heavyRunner : laneRunner;
      const outcome = await runOn(on, c, index);
      if (on === heavyRunner) heavyRunner.renew();
      const failures = ledger.record(infoOf(c, index), outcome);
      if (failures.length > 0) {
        const file = saver.save(`${index}.${c.weight}.${slug(failures[0]!.kind)}.${slug(failures[0]!.stage)}`, c, index, failures);
        ledger.saved(index, relative(root, file));
        for (const failure of failures) {
          const key = keyOf(failure);
          const known = cases.get(key);
          if (!known || c.size < known.c.size) cases.set(key, { index, c });
        }
      }
      if (performance.now() - shownAt > 15_000) {
        shownAt = performance.now();
        const s = ledger.summary();
        console.error(
          `[${Math.round((shownAt - started) / 1000)} s] ${s.inputs.light + s.inputs.heavy} inputs (light ${s.inputs.light} / heavy ${s.inputs.heavy}); ${s.exceptions.count} exceptions at ${s.exceptions.sites} sites; ${s.overBudget.inputs.light + s.overBudget.inputs.heavy} over budget; ${s.crashes} crashes`,
        );
      }
    }
  };
  const others = Array.from({ length: Math.max(0, args.jobs - 1) }, newRunner);
  await Promise.all([runner, ...others].map(lane));
  for (const other of [...others, ...heavyRunners]) other.close();
  const fuzzSeconds = (performance.now() - started) / 1000;

  const minimal = await shrinkAll(cases, args, arbs, fixtures, ledgerOptions, run, saver, root);
  runner.close();

  const summary = ledger.summary();
  const text = formatSummary(
    summary,
    `${header}\nran ${fuzzSeconds.toFixed(0)} s in ${args.jobs} lane(s) (${(generateMs / 1000).toFixed(0)} s of it building inputs), ${[runner, ...others, ...heavyRunners].reduce((sum, r) => sum + r.starts, 0)} child process(es); failures saved under ${relative(root, saver.dir) || '.'}`,
  );
  const minimalText = minimal.length === 0 ? '' : `shrunk (smallest input still failing the same way):\n${minimal.map((m) => `  ${m}`).join('\n')}\n`;
  const buildText =
    buildErrors.length === 0 ? '' : `inputs that could not be built (a fuzzer bug): ${buildErrors.length}\n  ${buildErrors.slice(0, 3).join('\n  ')}\n`;
  process.stdout.write(text + minimalText + buildText);
  writeFileSync(join(saver.dir, 'summary.json'), `${JSON.stringify({ args, fuzzSeconds, summary, minimal, buildErrors }, null, 2)}\n`);
  writeFileSync(join(saver.dir, 'summary.txt'), text + minimalText + buildText);
  return ledger.failed || buildErrors.length > 0 ? 1 : 0;
}

/**
 * Shrinks the smallest input of each kind of failure with fast-check (its recipe: fewer mutations, smaller
 * depths and sizes, smaller fixtures), keeping the smallest that still fails the same way; each kind gets an
 * equal share of --shrink-seconds.
 */
async function shrinkAll(
  cases: Map<string, { index: number; c: FuzzCase }>,
  args: FuzzArgs,
  arbs: Arbitraries,
  fixtures: readonly Fixture[],
  options: LedgerOptions,
  run: (c: FuzzCase, index: number) => Promise<Outcome>,
  saver: Saver,
  root: string,
): Promise<string[]> {
  if (args.shrinkSeconds <= 0 || cases.size === 0) return [];
  const share = (args.shrinkSeconds * 1000) / cases.size;
  const lines: string[] = [];
  let id = 1e9;
  for (const [key, { index, c: original }] of cases) {
    const until = performance.now() + share;
    let best = { c: original, failures: [] as Failure[] };
    let tries = 0;
    // Past its share, a candidate is not built (fast-check still walks the candidates left at its level).
    const over = () => performance.now() > until;
    const arb = arbs.plans[original.weight].map((plan) => (over() ? undefined : build(plan, fixtures, original.weight)));
    await fc.check(
      fc.asyncProperty(arb, async (c) => {
        if (!c || over()) return true;
        tries++;
        const failures = failuresOf(infoOf(c, index), await run(c, id++), options);
        const same = failures.some((f) => keyOf(f) === key);
        if (same && (best.failures.length === 0 || c.size < best.c.size)) best = { c, failures };
        return !same;
      }),
      { seed: caseSeed(args.seed, index), numRuns: 1 },
    );
    if (best.failures.length === 0) {
      lines.push(`${key}: #${index} did not fail again (${tries} tries)`);
      continue;
    }
    const file = saver.save(`min-${slug(key)}`, best.c, index, best.failures);
    lines.push(`${key}: ${best.c.size} bytes (from ${original.size}, ${tries} tries; ${best.c.origin}) → ${relative(root, file)}`);
  }
  return lines;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

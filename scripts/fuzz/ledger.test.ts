import { describe, expect, it } from 'vitest';
import { deadlineMs, failuresOf, formatSummary, keyOf, Ledger, siteOf, stageBudgetMs, type CaseInfo, type LedgerOptions, type Outcome } from './ledger';
import type { PipelineReport } from './pipeline';

const ROOT = '/repo';
const OPTIONS: LedgerOptions = { budget: { stageMs: 2000, hangFactor: 5 }, root: ROOT, maxAmplification: 64 };

const info = (over: Partial<CaseInfo> = {}): CaseInfo => ({ index: 0, weight: 'light', origin: 'fixtures/a.json', bytes: 1000, protoOracle: false, ...over });
const report = (over: Partial<PipelineReport> = {}): PipelineReport => ({
  stages: [],
  errors: [],
  oddities: [],
  inputChars: 0,
  messages: 1,
  conversations: 1,
  outputs: {},
  ...over,
});
const result = (over: Partial<PipelineReport> = {}, maxRss = 100e6): Outcome => ({
  kind: 'result',
  report: report(over),
  ms: 5,
  rss: maxRss,
  heapUsed: 1,
  maxRss,
  heapPeak: { stage: 'import', bytes: maxRss / 2 },
});

const STACK = [
  'RangeError: Maximum call stack size exceeded',
  '    at JSON.stringify (<anonymous>)',
  '    at stringifyJson (/repo/src/core/json/value.ts:66:10)',
  '    at Object.toMsgscope (file:///repo/src/core/convert/msgscope.ts:12:3)',
].join('\n');

describe('budgets', () => {
  it('give a stage 2 s up to 1 MB and as much again per MB beyond, and the whole input five of those', () => {
    const budget = OPTIONS.budget;
    expect(stageBudgetMs(10, budget)).toBe(2000);
    expect(stageBudgetMs(1_000_000, budget)).toBe(2000);
    expect(stageBudgetMs(4_000_000, budget)).toBe(8000);
    expect(deadlineMs(10, budget)).toBe(10_000);
  });
});

describe('an exception site', () => {
  it('is the top frame in our code, relative to the repository, with its function', () => {
    expect(siteOf(STACK, ROOT, 'RangeError')).toBe('src/core/json/value.ts:66 (stringifyJson)');
    expect(siteOf('Error: x\n    at node:internal/x:1:1\n    at /repo/src/a.ts:3:4', ROOT, 'Error')).toBe('src/a.ts:3');
  });

  it('falls back to the error itself, numbers folded, when no frame is ours', () => {
    expect(siteOf('TypeError: no\n    at JSON.parse (<anonymous>)', ROOT, 'TypeError: no 12 of 34')).toBe('TypeError: no N of N');
  });
});

describe('the failures of one input', () => {
  it('are its exceptions by site, its stages over budget, a kill or a crash', () => {
    const failures = failuresOf(
      info(),
      result({
        stages: [
          { stage: 'import', ms: 2500 },
          { stage: 'view', ms: 10 },
        ],
        errors: [{ stage: 'export msgscope', name: 'RangeError', message: 'Maximum call stack size exceeded', stack: STACK }],
      }),
      OPTIONS,
    );
    expect(failures.map(keyOf)).toEqual(['exception at src/core/json/value.ts:66 (stringifyJson)', 'over budget in import']);
    expect(failuresOf(info(), { kind: 'killed', stage: 'search', ms: 10_000 }, OPTIONS)).toEqual([
      { kind: 'killed', stage: 'search', ms: 10_000, deadlineMs: 10_000 },
    ]);
    const oom = failuresOf(
      info(),
      {
        kind: 'crashed',
        stage: 'export msgscope text',
        ms: 900,
        code: null,
        signal: 'SIGABRT',
        stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      },
      OPTIONS,
    );
    expect(oom.map(keyOf)).toEqual(['crash (out of memory) in export msgscope text']);
    expect(failuresOf(info(), { kind: 'crashed', stage: 'view', ms: 1, code: null, signal: 'SIGSEGV', stderr: '' }, OPTIONS).map(keyOf)).toEqual([
      'crash (SIGSEGV) in view',
    ]);
  });

  it('scale the budget with the input: 3 s is within it for 2 MB', () => {
    expect(failuresOf(info({ bytes: 2_000_000 }), result({ stages: [{ stage: 'import', ms: 3000 }] }), OPTIONS)).toEqual([]);
  });

  it('count a prototype key read as data only when the input put a message under __proto__ alone', () => {
    const odd = result({ oddities: [{ stage: 'import', kind: 'proto-read', detail: 'message #0' }] });
    expect(failuresOf(info(), odd, OPTIONS)).toEqual([]);
    expect(failuresOf(info({ protoOracle: true }), odd, OPTIONS).map(keyOf)).toEqual(['proto-read in import']);
  });

  it('count what a guard caught, by where and what', () => {
    const caught = result({
      oddities: [{ stage: 'export anthropic', kind: 'caught', detail: 'could not be converted: RangeError: Maximum call stack size exceeded' }],
    });
    const failures = failuresOf(info(), caught, OPTIONS);
    expect(failures.map(keyOf)).toEqual(['caught in export anthropic: could not be converted: RangeError: Maximum call stack size exceeded']);
    const ledger = new Ledger(OPTIONS);
    ledger.record(info(), caught);
    expect(ledger.summary().caught).toEqual({ count: 1, inputs: { light: 1, heavy: 0 }, kinds: 1 });
  });

  it('count an export far larger than its input, for inputs of 4 KB and more', () => {
    const big = result({ outputs: { 'export msgscope': 1_000_000, 'report --json': 10_000 } });
    expect(failuresOf(info({ bytes: 1000 }), big, OPTIONS)).toEqual([]);
    expect(failuresOf(info({ bytes: 5000 }), big, OPTIONS)).toEqual([{ kind: 'amplified', stage: 'export msgscope', ratio: 200, chars: 1_000_000 }]);
    const ledger = new Ledger(OPTIONS);
    ledger.record(info({ bytes: 5000 }), big);
    expect(ledger.summary().amplification).toMatchObject({ export: { ratio: 200, stage: 'export msgscope' }, report: { ratio: 2, stage: 'report --json' } });
    // An archive's export is measured against its files as read, not its compressed bytes.
    expect(failuresOf(info({ bytes: 5000 }), result({ outputs: { 'export msgscope': 1_000_000 }, inputChars: 500_000 }), OPTIONS)).toEqual([]);
  });
});

describe('the ledger', () => {
  it('counts light and heavy inputs apart, and groups failures by site with the smallest input of each', () => {
    const ledger = new Ledger(OPTIONS);
    const thrown = { errors: [{ stage: 'import', name: 'RangeError', message: 'Maximum call stack size exceeded', stack: STACK }] };
    ledger.record(info({ index: 0 }), result());
    ledger.record(info({ index: 1, weight: 'heavy', bytes: 50_000 }), result(thrown, 300e6));
    ledger.record(
      info({ index: 2, weight: 'heavy', bytes: 20_000 }),
      result({ ...thrown, errors: [...thrown.errors, { ...thrown.errors[0]!, stage: 'view' }] }),
    );
    ledger.record(info({ index: 3, bytes: 2_000_000, weight: 'heavy' }), { kind: 'killed', stage: 'search', ms: 20_000 });
    ledger.record(info({ index: 4, bytes: 100 }), result({ stages: [{ stage: 'import', ms: 2100 }] }));
    ledger.saved(2, 'fuzz-failures/2.json');
    const summary = ledger.summary();
    expect(summary.inputs).toEqual({ light: 2, heavy: 3 });
    expect(summary.exceptions).toEqual({ count: 3, inputs: { light: 0, heavy: 2 }, sites: 1 });
    expect(summary.overBudget).toEqual({ inputs: { light: 1, heavy: 1 }, under1MB: 1, killed: 1 });
    expect(summary.peak.heavy).toMatchObject({ rss: 300e6, input: { index: 1 } });
    expect(summary.heap.heavy).toMatchObject({ stage: 'import', bytes: 150e6, input: { index: 1 } });
    const site = summary.groups.find((g) => g.kind === 'exception')!;
    expect(site).toMatchObject({ count: 3, inputs: 2, stages: ['import', 'view'], smallest: { index: 2, bytes: 20_000, file: 'fuzz-failures/2.json' } });
    expect(summary.groups.find((g) => g.key === 'over budget in search')).toMatchObject({ worstMs: 20_000 });
    expect(ledger.failed).toBe(true);

    const text = formatSummary(summary, 'header');
    expect(text).toContain('inputs run: 5 (light 2 / heavy 3)');
    expect(text).toContain('exceptions: 3 in 2 (light 0 / heavy 2) inputs, at 1 distinct site(s)');
    expect(text).toContain('over budget: 2 (light 1 / heavy 1) inputs, 1 of them under 1 MB; 1 killed as hung');
    expect(text).toContain('  exception at src/core/json/value.ts:66 (stringifyJson): 2 input(s), 3×; stages: import, view');
    expect(text).toContain('smallest: #2 heavy, 20.0 KB, from fixtures/a.json → fuzz-failures/2.json');
  });

  it('has nothing failed after clean inputs', () => {
    const ledger = new Ledger(OPTIONS);
    ledger.record(info(), result({ stages: [{ stage: 'import', ms: 3 }] }));
    expect(ledger.failed).toBe(false);
    expect(ledger.summary().groups).toEqual([]);
  });
});

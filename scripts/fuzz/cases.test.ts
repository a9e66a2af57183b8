import { join } from 'node:path';
import fc from 'fast-check';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseFuzzArgs } from './args';
import { arbitraries, build, caseAt, caseSeed, loadFixtures, planWith, vocabularyOf, weightOf, type Plan } from './cases';
import { caughtIn, runPipeline } from './pipeline';

const ROOT = join(import.meta.dirname, '../..');
const fixtures = loadFixtures(ROOT);
const arbs = arbitraries(fixtures, vocabularyOf(fixtures), 200_000);
const OPTIONS = { format: 0, pieceChars: 1 << 20, query: 0, conversation: 0 };

const plan = (over: Partial<Plan>): Plan => planWith({ options: OPTIONS, ...over });

const fixtureIndex = (path: string): number => fixtures.findIndex((f) => f.path === path);
/** Byte equality without a deep comparison of every element (megabytes of them). */
const same = (a: Uint8Array | undefined, b: Uint8Array): boolean => a !== undefined && Buffer.from(a).equals(Buffer.from(b));

describe('the inputs', () => {
  it('come from every fixture but prose, smallest first', () => {
    expect(fixtures.length).toBeGreaterThan(100);
    expect(fixtures.some((f) => f.path.endsWith('.md'))).toBe(false);
    expect(fixtures.some((f) => f.zip && f.zip.length > 1)).toBe(true);
    for (let i = 1; i < fixtures.length; i++) expect(fixtures[i]!.bytes.length).toBeGreaterThanOrEqual(fixtures[i - 1]!.bytes.length);
  });

  it('are the same for the same seed and index, whatever ran before, and differ across seeds', () => {
    const again = caseAt(arbs, 7, 12, 50);
    for (const index of [0, 1, 12, 49]) expect(same(caseAt(arbs, 7, index, 50).bytes, caseAt(arbs, 7, index, 50).bytes)).toBe(true);
    expect(same(caseAt(arbs, 7, 12, 50).bytes, again.bytes)).toBe(true);
    expect(same(caseAt(arbs, 8, 12, 50).bytes, again.bytes)).toBe(false);
    expect(caseSeed(7, 12)).not.toBe(caseSeed(8, 12));
    expect(caseSeed(7, 12)).not.toBe(caseSeed(7, 13));
  });

  it('are what fast-check replays first when it shrinks one (the same seed, run 0)', () => {
    for (const index of [3, 49]) {
      const expected = caseAt(arbs, 11, index, 50);
      let first: Uint8Array | undefined;
      fc.check(
        fc.property(arbs[weightOf(index, 50)], (c) => {
          first ??= c.bytes;
          return true;
        }),
        { seed: caseSeed(11, index), numRuns: 1 },
      );
      expect(same(first, expected.bytes)).toBe(true);
    }
  });

  it('are heavy every heavyEvery-th one', () => {
    expect([0, 48, 49, 50, 99].map((i) => weightOf(i, 50))).toEqual(['light', 'light', 'heavy', 'light', 'heavy']);
    expect(caseAt(arbs, 1, 49, 50).weight).toBe('heavy');
  });

  it('keep a fixture byte for byte when nothing mutates it', () => {
    const built = build(plan({ base: { kind: 'fixture', fixture: fixtureIndex('fixtures/history.jsonl'), inner: 0 } }), fixtures, 'light');
    expect(same(built.bytes, fixtures[fixtureIndex('fixtures/history.jsonl')]!.bytes)).toBe(true);
    expect(built.ext).toBe('.jsonl');
  });

  it('mutate the file inside an archive and zip it again, or wrap any input in gzip or zip', () => {
    const at = fixtures.findIndex((f) => f.zip && f.zip.length > 1);
    const built = build(plan({ base: { kind: 'fixture', fixture: at, inner: 0 }, json: [{ op: 'string', node: 1, value: 'MUTATED' }] }), fixtures, 'light');
    const files = unzipSync(built.bytes);
    expect(Object.keys(files).sort()).toEqual(fixtures[at]!.zip!.map((e) => e.name));
    expect(built.origin).toContain('!');
    expect(Object.values(files).some((file) => strFromU8(file).includes('MUTATED'))).toBe(true);

    const gz = build(plan({ base: { kind: 'text', text: 'hello' }, wrap: { kind: 'gzip' } }), fixtures, 'light');
    expect(strFromU8(gunzipSync(gz.bytes))).toBe('hello');
    // Budgets scale with the bytes as read, not as compressed.
    expect(gz.size).toBe(5);
    expect(built.size).toBeGreaterThan(built.bytes.length);
    const zip = build(plan({ base: { kind: 'text', text: 'hi' }, wrap: { kind: 'zip', name: 'history.json' } }), fixtures, 'light');
    expect(strFromU8(unzipSync(zip.bytes)['history.json']!)).toBe('hi');
  });

  it('nest thousands deep and grow to sizes without our own walks running out of stack', () => {
    const deep = build(plan({ base: { kind: 'deep', depth: 50_000, deep: 'array', closed: false } }), fixtures, 'heavy');
    expect(deep.bytes.length).toBe(50_001);
    const history = fixtureIndex('fixtures/history.jsonl');
    const grown = build(
      plan({ base: { kind: 'fixture', fixture: history, inner: 0 }, json: [{ op: 'replicate', node: 0, largest: true, target: 300_000, ids: 'middle' }] }),
      fixtures,
      'heavy',
    );
    expect(grown.bytes.length).toBeGreaterThan(300_000);
  });
});

describe('the pipeline', () => {
  it('takes a history through every stage of the CLI and the worker', () => {
    const history = fixtures[fixtureIndex('fixtures/tool-error-retry.langchain.json')]!;
    const heard: string[] = [];
    const report = runPipeline(history.bytes, OPTIONS, (stage) => heard.push(stage));
    expect(report.errors).toEqual([]);
    expect(report.format).toMatch(/^langchain/);
    const stages = report.stages.map((s) => s.stage);
    expect(stages).toEqual(heard);
    for (const stage of [
      'decode',
      'stream-parse',
      'import',
      'import-paste',
      'detected-format',
      'report --json',
      'report human',
      'view',
      'cards',
      'detail',
      'post',
      'search',
    ]) {
      expect(stages).toContain(stage);
    }
    for (const target of ['langchain-stored', 'openai-chat', 'anthropic', 'msgscope']) expect(stages).toContain(`export ${target} text`);
    expect(stages.some((s) => s.startsWith('import --format '))).toBe(true);
    expect(report.outputs['export msgscope']).toBeGreaterThan(0);
    expect(report.outputs['report --json']).toBeGreaterThan(0);
  });

  it('opens archives, and stops at the error for input it cannot read', () => {
    const eval_ = fixtures.find((f) => f.path.endsWith('.eval'))!;
    const opened = runPipeline(eval_.bytes, OPTIONS);
    expect(opened.stages.map((s) => s.stage).slice(0, 3)).toEqual(['sniff', 'open-binary', 'import']);
    const unreadable = runPipeline(new TextEncoder().encode('{"no": "history"}'), OPTIONS);
    expect(unreadable.stages.map((s) => s.stage)).toEqual(['sniff', 'decode', 'stream-parse', 'import', 'import-error']);
  });
});

describe('what a guard caught', () => {
  it("is read from a reader's problem, a rule's note, an export's loss line and a card, numbers folded", () => {
    expect(caughtIn('could not be read as Gemini: Maximum call stack size exceeded')).toBe('could not be read as Gemini: Maximum call stack size exceeded');
    expect(
      caughtIn(
        'The rule gemini-response-count failed at message #3 (RangeError: Maximum call stack size exceeded) and checked no further; the other rules ran.',
      ),
    ).toBe('The rule gemini-response-count failed: RangeError: Maximum call stack size exceeded');
    expect(caughtIn('could not be converted (RangeError: Invalid array length 12); left out')).toBe(
      'could not be converted: RangeError: Invalid array length N',
    );
    expect(caughtIn('this card could not be shown (TypeError: x.map is not a function)')).toBe(
      'this card could not be shown: TypeError: x.map is not a function',
    );
    expect(caughtIn('Read history.json from the zip archive.')).toBeUndefined();
  });
});

describe('the flags', () => {
  it('have defaults, take --flag value and --flag=value, and refuse what they do not know', () => {
    expect(parseFuzzArgs(['--seconds', '120', '--seed=5'], () => 1)).toMatchObject({
      seconds: 120,
      seed: 5,
      out: 'fuzz-failures',
      budgetMs: 2000,
      shrinkSeconds: 30,
    });
    expect(parseFuzzArgs([], () => 42)).toMatchObject({ seconds: 60, seed: 42 });
    expect(parseFuzzArgs(['--out', 'x', '--replay', '3'], () => 1)).toMatchObject({ out: 'x', replay: 3 });
    expect(parseFuzzArgs(['--nope'])).toMatch(/unknown flag --nope/);
    expect(parseFuzzArgs(['--seconds'])).toMatch(/needs a value/);
    expect(parseFuzzArgs(['--seconds', 'many'])).toMatch(/not a number/);
  });
});

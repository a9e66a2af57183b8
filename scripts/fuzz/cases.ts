// The fuzzer's inputs: fast-check arbitraries of plans (a fixture or a generated value, and the mutations to
// apply), and `build`, which turns a plan into the bytes a user could load. Light plans change a fixture a
// little; heavy ones make it deep or huge. Shrinking a plan (fewer mutations, a smaller depth or size, an
// earlier and smaller fixture) shrinks the input.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { gzipSync, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  BYTE_INSERT_NAMES,
  DEEP_KINDS,
  deepText,
  ID_MODES,
  ID_NUMBERS,
  INTERESTING_BYTES,
  isObject,
  JsonDoc,
  mutateBytes,
  mutateJson,
  mutateText,
  nodesOf,
  PROTO_KEYS,
  PROTO_PAYLOADS,
  shapeOf,
  SPECIAL_NUMBERS,
  STRING_PATTERNS,
  SURROGATES,
  toJson,
  TYPES,
  type ByteMutation,
  type Bytes,
  type DeepKind,
  type JsonMutation,
  type TextMutation,
} from './mutate';

export interface Fixture {
  /** Relative to the repository. */
  path: string;
  bytes: Bytes;
  /** A zip's files (an Inspect .eval log), sorted by name. */
  zip?: { name: string; bytes: Bytes }[];
}

/** Every file under `dir` but prose, smallest first (so that shrinking a plan's fixture tries smaller ones). */
export function loadFixtures(root: string, dir = 'fixtures'): Fixture[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, dir));
  const fixtures = files.map((file): Fixture => {
    const bytes = new Uint8Array(readFileSync(file));
    const fixture: Fixture = { path: relative(root, file), bytes };
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      try {
        const entries = Object.entries(unzipSync(bytes)).map(([name, data]) => ({ name, bytes: new Uint8Array(data) }));
        fixture.zip = entries.sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch {
        // A zip-like file that does not open is mutated as bytes.
      }
    }
    return fixture;
  });
  return fixtures.sort((a, b) => a.bytes.length - b.bytes.length || (a.path < b.path ? -1 : 1));
}

/** Keys and short strings the fixtures use, most frequent first: generated messages speak the formats' words. */
export interface Vocabulary {
  keys: string[];
  strings: string[];
  /** Small subtrees of the fixtures (an object with a role or a type), to put where another format's node was. */
  samples: unknown[];
}

export function vocabularyOf(fixtures: readonly Fixture[], size = 300): Vocabulary {
  const keys = new Map<string, number>();
  const strings = new Map<string, number>();
  const samples: unknown[] = [];
  const count = (map: Map<string, number>, word: string) => map.set(word, (map.get(word) ?? 0) + 1);
  for (const fixture of fixtures) {
    for (const text of textsOf(fixture)) {
      const shape = shapeOf(text);
      const roots = shape.kind === 'json' ? [shape.value] : shape.kind === 'jsonl' ? shape.lines : [];
      for (const root of roots) {
        for (const { key, value } of nodesOf(root)) {
          if (typeof key === 'string' && key !== '') count(keys, key);
          if (typeof value === 'string' && value.length > 0 && value.length <= 40) count(strings, value);
          if (isObject(value) && ('role' in value || 'type' in value) && samples.length < 4 * size && jsonLength(value) < 2000) {
            samples.push(value);
          }
        }
      }
    }
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, size)
      .map(([word]) => word);
  return { keys: top(keys), strings: top(strings), samples: samples.filter((_, i) => i % 4 === 0) };
}

const jsonLength = (value: unknown): number => toJson(value)?.length ?? 0;

function textsOf(fixture: Fixture): string[] {
  if (fixture.zip) return fixture.zip.filter((entry) => /\.jsonl?$/.test(entry.name)).map((entry) => strFromU8(entry.bytes));
  return [strFromU8(fixture.bytes)];
}

// ---------------------------------------------------------------------------------------------------------
// Plans

export type Base =
  | { kind: 'fixture'; fixture: number; inner: number }
  | { kind: 'value'; value: unknown; lines: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'deep'; depth: number; deep: DeepKind; closed: boolean };

export type Wrap = { kind: 'none' } | { kind: 'gzip' } | { kind: 'zip'; name: string };

/** What the pipeline does besides reading: the format forced on a second import, how the text is streamed, what is searched. */
export interface StageOptions {
  format: number;
  pieceChars: number;
  query: number;
  conversation: number;
}

export interface Plan {
  base: Base;
  json: JsonMutation[];
  text: TextMutation[];
  bytes: ByteMutation[];
  /** For a zip fixture, byte mutations apply to the zip rather than the file inside it. */
  outerBytes: boolean;
  indent: 0 | 2 | 4 | '\t';
  wrap: Wrap;
  options: StageOptions;
}

/** A plan that changes nothing (the first fixture, as written, through the default stages), with `over` on top. */
export const planWith = (over: Partial<Plan> = {}): Plan => ({
  base: { kind: 'fixture', fixture: 0, inner: 0 },
  json: [],
  text: [],
  bytes: [],
  outerBytes: false,
  indent: 0,
  wrap: { kind: 'none' },
  options: { format: 0, pieceChars: 1 << 20, query: 0, conversation: 0 },
  ...over,
});

export type Weight = 'light' | 'heavy';

export interface FuzzCase {
  weight: Weight;
  /** Where it came from: a fixture's path or what generated it. */
  origin: string;
  plan: Plan;
  bytes: Bytes;
  /** Its bytes as read: a zip's or gzip's content, not the compressed bytes (budgets scale with it). */
  size: number;
  /** A file extension that says what it is. */
  ext: string;
}

/** The bytes a plan makes. */
/** Whether a prototype key's payload shown by a reader is a failure: only `__proto__` carried one (see protoPayload). */
export function protoOracleOf(plan: Plan): boolean {
  const ops = plan.json.filter((m) => m.op === 'proto-key' && !m.rename && (m.payload === 'message' || m.payload === 'string'));
  return ops.length > 0 && ops.every((m) => m.op === 'proto-key' && m.key === '__proto__');
}

export function build(plan: Plan, fixtures: readonly Fixture[], weight: Weight): FuzzCase {
  const { base } = plan;
  let origin: string;
  let text: string | undefined;
  let bytes: Bytes | undefined;
  let rezip: ((inner: Bytes) => Bytes) | undefined;
  let otherEntries = 0;
  let lines = false;
  let ext = '.json';
  switch (base.kind) {
    case 'fixture': {
      const fixture = fixtures[base.fixture % fixtures.length]!;
      origin = fixture.path;
      ext = fixture.path.match(/\.[a-z]+$/i)?.[0] ?? '.txt';
      if (fixture.zip && fixture.zip.length > 0) {
        const entries = fixture.zip;
        const chosen = base.inner % entries.length;
        origin += `!${entries[chosen]!.name}`;
        bytes = entries[chosen]!.bytes;
        otherEntries = entries.reduce((sum, entry, i) => sum + (i === chosen ? 0 : entry.bytes.length), 0);
        rezip = (inner) => zipSync(Object.fromEntries(entries.map((entry, i) => [entry.name, i === chosen ? inner : entry.bytes])));
      } else bytes = fixture.bytes;
      break;
    }
    case 'value':
      origin = base.lines ? 'generated JSON Lines' : 'generated JSON';
      lines = base.lines && Array.isArray(base.value);
      ext = lines ? '.jsonl' : '.json';
      break;
    case 'text':
      origin = 'generated text';
      ext = '.txt';
      text = base.text;
      break;
    case 'deep':
      origin = `generated ${base.deep} nesting`;
      text = deepText(base.depth, base.deep, '1', base.closed);
      break;
  }

  // JSON mutations go to the value; text mutations to its text; byte mutations last, to its bytes.
  if (plan.json.length > 0 || base.kind === 'value') {
    const doc = new JsonDoc(undefined);
    const source = text ?? strFromU8(bytes ?? new Uint8Array());
    const shape = base.kind === 'value' ? { kind: 'json' as const, value: base.value } : shapeOf(source, (line) => doc.raw(line));
    if (shape.kind !== 'text') {
      doc.root = shape.kind === 'json' ? structuredClone(shape.value) : shape.lines;
      for (const m of plan.json) mutateJson(doc, m);
      text = doc.serialize(plan.indent === 0 ? undefined : plan.indent, lines || shape.kind === 'jsonl');
    }
  }
  if (plan.text.length > 0) {
    text ??= strFromU8(bytes ?? new Uint8Array());
    for (const m of plan.text) text = mutateText(text, m);
  }
  let out: Bytes = text !== undefined ? strToU8(text) : (bytes ?? new Uint8Array());
  if (!plan.outerBytes || !rezip) for (const m of plan.bytes) out = mutateBytes(out, m);
  let size = out.length;
  if (rezip) {
    size += otherEntries;
    out = rezip(out);
    ext = '.eval';
    if (plan.outerBytes) for (const m of plan.bytes) out = mutateBytes(out, m);
  }
  if (plan.wrap.kind === 'gzip') {
    out = gzipSync(out);
    ext += '.gz';
  } else if (plan.wrap.kind === 'zip') {
    out = zipSync({ [plan.wrap.name]: out });
    ext = '.zip';
  }
  return { weight, origin, plan, bytes: new Uint8Array(out.buffer, out.byteOffset, out.length).slice(), size, ext };
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries

/** Strings readers trip on: empty, JSON in a string, other formats' markers, surrogate halves, BOMs, controls. */
export const INTERESTING_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\n',
  '\r\n',
  'null',
  'undefined',
  '{}',
  '[]',
  '{"role":"user","content":"hi"}',
  '[{"role":"assistant","content":null}]',
  '{"name":"f","arguments":"{"',
  'NaN',
  '-0',
  '1e400',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\ufeff',
  '\u202e',
  '😀',
  'e\u0301',
  '\ud83d',
  '\ude00x',
  "AIMessage(content='x', additional_kwargs={}, tool_calls=[{'name': 'f', 'args': {}, 'id': 'c'}])",
  '================================== Ai Message ==================================',
  'data: {"type":"message_start"}\n\n',
  '$&$1$`',
  '\\',
  '"',
  'a'.repeat(300),
];

const LIGHT_CHARS = ['=', ' ', '(', '[', '{', '"', '\\', "'", '\n', '-', '#', 'a', ':'];

/** `min` to `max` spread evenly in log scale; shrinks toward `min`. */
export const logScale = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: 1000 }).map((e) => Math.round(min * (Math.max(min, max) / min) ** (e / 1000)));

function stringArb(vocab: Vocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...vocab.strings, 'x') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...INTERESTING_STRINGS) },
  );
}

function jsonLightArb(vocab: Vocabulary): fc.Arbitrary<JsonMutation> {
  const node = fc.nat();
  return fc.oneof(
    fc.record({ op: fc.constant('swap-type' as const), node, to: fc.constantFrom(...TYPES) }),
    fc.record({
      op: fc.constant('proto-key' as const),
      node,
      key: fc.constantFrom(...PROTO_KEYS),
      payload: fc.constantFrom(...PROTO_PAYLOADS),
      rename: fc.boolean(),
    }),
    fc.record({ op: fc.constant('number-id' as const), node, value: fc.constantFrom(...ID_NUMBERS) }),
    fc.record({ op: fc.constant('special-number' as const), node, token: fc.constantFrom(...SPECIAL_NUMBERS) }),
    fc.record({ op: fc.constant('lone-surrogate' as const), node, unit: fc.constantFrom(...SURROGATES), pos: fc.nat(), inKey: fc.boolean() }),
    fc.record({ op: fc.constant('bom' as const), node }),
    fc.record({ op: fc.constant('string' as const), node, value: stringArb(vocab) }),
    fc.record({ op: fc.constant('nest' as const), node, depth: fc.integer({ min: 1, max: 64 }), kind: fc.constantFrom('array' as const, 'object' as const) }),
    fc.record({ op: fc.constant('drop' as const), node }),
    fc.record({ op: fc.constant('duplicate' as const), node, times: fc.integer({ min: 1, max: 8 }) }),
    fc.record({
      op: fc.constant('replace' as const),
      node,
      value: fc.oneof(fc.constantFrom(...vocab.samples, null), fc.jsonValue({ maxDepth: 3 })),
    }),
  );
}

function textLightArb(vocab: Vocabulary): fc.Arbitrary<TextMutation> {
  return fc.oneof(
    fc.record({ op: fc.constant('line-repeat' as const), line: fc.nat(), times: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ op: fc.constant('line-drop' as const), line: fc.nat() }),
    fc.record({ op: fc.constant('line-insert' as const), line: fc.nat(), text: stringArb(vocab) }),
    fc.record({ op: fc.constant('slice-repeat' as const), pos: fc.nat(), length: fc.integer({ min: 1, max: 80 }), target: fc.integer({ min: 1, max: 2000 }) }),
    fc.record({ op: fc.constant('char-run' as const), pos: fc.nat(), char: fc.constantFrom(...LIGHT_CHARS), target: fc.integer({ min: 1, max: 1000 }) }),
  );
}

function byteArb(): fc.Arbitrary<ByteMutation> {
  const pos = fc.nat();
  return fc.oneof(
    fc.record({ op: fc.constant('flip' as const), pos, bit: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ op: fc.constant('set' as const), pos, byte: fc.oneof(fc.constantFrom(...INTERESTING_BYTES), fc.integer({ min: 0, max: 255 })) }),
    fc.record({ op: fc.constant('truncate' as const), pos }),
    fc.record({ op: fc.constant('insert' as const), pos, insert: fc.constantFrom(...BYTE_INSERT_NAMES) }),
    fc.record({ op: fc.constant('delete' as const), pos, length: fc.integer({ min: 1, max: 64 }) }),
    fc.record({ op: fc.constant('repeat' as const), pos, length: fc.integer({ min: 1, max: 64 }), times: fc.integer({ min: 1, max: 4 }) }),
  );
}

function jsonHeavyArb(maxBytes: number): fc.Arbitrary<JsonMutation> {
  const node = fc.nat();
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('deep' as const),
        node,
        depth: logScale(500, 100_000),
        kind: fc.constantFrom(...DEEP_KINDS),
        closed: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('huge-string' as const), node, length: logScale(64_000, maxBytes), pattern: fc.constantFrom(...STRING_PATTERNS) }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        op: fc.constant('replicate' as const),
        node,
        largest: fc.boolean(),
        target: logScale(64_000, maxBytes),
        ids: fc.constantFrom(...ID_MODES),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('wide' as const), node, keys: logScale(1000, Math.max(1000, maxBytes / 40)) }) },
  );
}

function textHeavyArb(maxBytes: number): fc.Arbitrary<TextMutation> {
  return fc.oneof(
    fc.record({ op: fc.constant('slice-repeat' as const), pos: fc.nat(), length: fc.integer({ min: 1, max: 200 }), target: logScale(64_000, maxBytes) }),
    fc.record({ op: fc.constant('char-run' as const), pos: fc.nat(), char: fc.constantFrom(...LIGHT_CHARS), target: logScale(64_000, maxBytes) }),
  );
}

/** Message-like JSON: the formats' keys and words, roles, content blocks, tool calls, in the envelopes histories come in. */
export function messagesArb(vocab: Vocabulary): fc.Arbitrary<unknown> {
  const str = stringArb(vocab);
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...vocab.keys, 'role') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: str },
  );
  const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, str, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  }));
  const id = fc.oneof(str, fc.integer(), fc.constantFrom('call_1', 'toolu_1', 'c1'));
  const block = fc.record(
    {
      type: fc.oneof(fc.constantFrom('text', 'tool_use', 'tool_result', 'image', 'thinking', 'function_call', 'input_text', 'output_text'), str),
      text: str,
      id,
      name: str,
      input: value,
      tool_use_id: id,
      content: value,
    },
    { requiredKeys: ['type'] },
  );
  const call = fc.record(
    {
      id,
      type: fc.constant('function'),
      function: fc.record(
        {
          name: str,
          arguments: fc.oneof(
            str,
            value.map((v) => toJson(v) ?? ''),
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const message = fc
    .tuple(
      fc.record(
        {
          role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'tool', 'human', 'ai', 'model', 'function', 'developer'), str),
          content: fc.oneof(str, fc.array(block, { maxLength: 4 }), fc.constant(null)),
          tool_calls: fc.array(call, { maxLength: 3 }),
          tool_call_id: id,
          name: str,
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(key, value, { maxKeys: 3 }),
    )
    .map(([known, extra]) => Object.assign(extra, known));
  const list = fc.array(message, { maxLength: 8 });
  return fc.oneof(
    { weight: 4, arbitrary: list },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('messages', 'contents', 'input', 'output', 'data', 'items', 'history', ...vocab.keys.slice(0, 40)),
          list,
          fc.dictionary(key, value, { maxKeys: 3 }),
        )
        .map(([k, l, rest]) => ({ ...rest, [k]: l })),
    },
    { weight: 1, arbitrary: message },
    { weight: 1, arbitrary: value },
  );
}

function optionsArb(): fc.Arbitrary<StageOptions> {
  return fc.record({
    format: fc.nat(),
    pieceChars: fc.oneof({ weight: 6, arbitrary: fc.constant(1 << 20) }, { weight: 1, arbitrary: fc.constantFrom(1, 7, 100, 4096) }),
    query: fc.nat(),
    conversation: fc.nat(),
  });
}

const indentArb = fc.constantFrom(2 as const, 0 as const, 4 as const, '\t' as const);
const wrapArb: fc.Arbitrary<Wrap> = fc.oneof(
  { weight: 20, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'gzip' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('zip' as const),
      name: fc.constantFrom('history.json', 'history.jsonl', 'notes.txt', 'samples/1_epoch_1.json', 'header.json', '__proto__.json', 'a/../b.json'),
    }),
  },
);

export interface Arbitraries {
  light: fc.Arbitrary<FuzzCase>;
  heavy: fc.Arbitrary<FuzzCase>;
  /** The plans the cases are built from, drawn from the same randomness. */
  plans: Record<Weight, fc.Arbitrary<Plan>>;
}

export function arbitraries(fixtures: readonly Fixture[], vocab: Vocabulary, maxBytes: number): Arbitraries {
  const fixtureBase = fc.record({ kind: fc.constant('fixture' as const), fixture: fc.nat({ max: fixtures.length - 1 }), inner: fc.nat() });
  const valueBase = fc.record({ kind: fc.constant('value' as const), value: messagesArb(vocab), lines: fc.boolean() });
  const textBase = fc.record({
    kind: fc.constant('text' as const),
    text: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.array(stringArb(vocab), { maxLength: 20 }).map((words) => words.join('\n')),
    ),
  });
  const plan = (base: fc.Arbitrary<Base>, json: fc.Arbitrary<JsonMutation[]>, text: fc.Arbitrary<TextMutation[]>, bytes: fc.Arbitrary<ByteMutation[]>) =>
    fc.record({ base, json, text, bytes, outerBytes: fc.boolean(), indent: indentArb, wrap: wrapArb, options: optionsArb() });

  const few = <T>(arb: fc.Arbitrary<T>, max: number) => fc.array(arb, { maxLength: max });
  const light = fc.oneof(
    { weight: 6, arbitrary: plan(fixtureBase, few(jsonLightArb(vocab), 3), few(textLightArb(vocab), 2), few(byteArb(), 2)) },
    { weight: 3, arbitrary: plan(valueBase, few(jsonLightArb(vocab), 2), fc.constant([]), few(byteArb(), 1)) },
    { weight: 1, arbitrary: plan(textBase, fc.constant([]), few(textLightArb(vocab), 2), few(byteArb(), 1)) },
  );
  const one = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 1, maxLength: 1 });
  const heavy = fc.oneof(
    {
      weight: 5,
      arbitrary: plan(
        fixtureBase,
        fc.tuple(few(jsonLightArb(vocab), 1), one(jsonHeavyArb(maxBytes))).map(([a, b]) => [...a, ...b]),
        fc.constant([]),
        fc.constant([]),
      ),
    },
    { weight: 2, arbitrary: plan(fixtureBase, fc.constant([]), one(textHeavyArb(maxBytes)), fc.constant([])) },
    { weight: 2, arbitrary: plan(valueBase, one(jsonHeavyArb(maxBytes)), fc.constant([]), fc.constant([])) },
    {
      weight: 1,
      arbitrary: plan(
        fc.record({ kind: fc.constant('deep' as const), depth: logScale(500, 100_000), deep: fc.constantFrom(...DEEP_KINDS), closed: fc.boolean() }),
        fc.constant([]),
        fc.constant([]),
        fc.constant([]),
      ),
    },
  );
  return {
    light: light.map((p) => build(p, fixtures, 'light')),
    heavy: heavy.map((p) => build(p, fixtures, 'heavy')),
    plans: { light, heavy },
  };
}

/** Input `index` of a run seeded `seed`, each from a seed of its own: any one is rebuilt without the others. */
export function caseSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Every `heavyEvery`-th input is a heavy one. */
export const weightOf = (index: number, heavyEvery: number): Weight => (heavyEvery > 0 && index % heavyEvery === heavyEvery - 1 ? 'heavy' : 'light');

/** The input `index` of a run seeded `seed`. */
export function caseAt(arbs: Arbitraries, seed: number, index: number, heavyEvery: number): FuzzCase {
  return fc.sample(arbs[weightOf(index, heavyEvery)], { seed: caseSeed(seed, index), numRuns: 1 })[0]!;
}

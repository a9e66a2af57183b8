// The fuzzer's bookkeeping: time budgets, what counts as a failure of one input, and the tally of a run
// (inputs light and heavy, exceptions by site, inputs over budget, crashes, peak memory), printed at the end.
import type { Weight } from './cases';
import type { PipelineReport } from './pipeline';

export interface Budget {
  /** A stage's budget for an input of up to 1 MB; an input larger than that gets as much again per MB. */
  stageMs: number;
  /** The whole input may take this many stage budgets before the child is killed as hung. */
  hangFactor: number;
}

export const DEFAULT_BUDGET: Budget = { stageMs: 2000, hangFactor: 5 };

const MB = 1_000_000;

/** How long one stage may take on an input of `bytes`. */
export const stageBudgetMs = (bytes: number, budget: Budget): number => Math.round(budget.stageMs * Math.max(1, bytes / MB));

/** When the child is killed: every stage of an input together may take `hangFactor` stage budgets. */
export const deadlineMs = (bytes: number, budget: Budget): number => stageBudgetMs(bytes, budget) * budget.hangFactor;

/** What became of one input in the child. */
export type Outcome =
  | { kind: 'result'; report: PipelineReport; ms: number; rss: number; heapUsed: number; maxRss: number; heapPeak?: HeapPeak }
  /** Over its deadline: the child was killed in `stage`. */
  | { kind: 'killed'; stage: string; ms: number }
  /** The child died in `stage` (out of memory, a fatal error). */
  | { kind: 'crashed'; stage: string; ms: number; code: number | null; signal: string | null; stderr: string };

/** The most heap in use between two stages, and the stage that had just run. */
export interface HeapPeak {
  stage: string;
  bytes: number;
}

export interface CaseInfo {
  index: number;
  weight: Weight;
  origin: string;
  bytes: number;
  /** Whether a reader showing what a prototype key holds is a failure (the key was `__proto__` alone; see protoPayload). */
  protoOracle: boolean;
}

export type Failure =
  | { kind: 'exception'; stage: string; site: string; name: string; message: string; stack: string }
  | { kind: 'over-budget'; stage: string; ms: number; budgetMs: number }
  | { kind: 'killed'; stage: string; ms: number; deadlineMs: number }
  | { kind: 'crash'; stage: string; reason: string; stderr: string }
  | { kind: 'caught' | 'proto-read' | 'long-error'; stage: string; detail: string }
  | { kind: 'amplified'; stage: string; ratio: number; chars: number };

/** One line that names a failure's kind and where it happened: failures with the same key are the same defect. */
export function keyOf(failure: Failure): string {
  switch (failure.kind) {
    case 'exception':
      return `exception at ${failure.site}`;
    case 'over-budget':
    case 'killed':
      return `over budget in ${failure.stage}`;
    case 'crash':
      return `crash (${failure.reason}) in ${failure.stage}`;
    case 'caught':
      return `caught in ${failure.stage}: ${failure.detail}`;
    case 'proto-read':
    case 'long-error':
    case 'amplified':
      return `${failure.kind} in ${failure.stage}`;
  }
}

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/;

/**
 * The top frame of `stack` in our code (not Node's internals or a native function), as `file:line (function)`
 * with the file relative to `root`; `name: message` when the stack names none.
 */
export function siteOf(stack: string, root: string, fallback: string): string {
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const [, fn, file = '', row] = match;
    if (file.startsWith('node:') || file === '<anonymous>' || file === 'native') continue;
    const path = file.replace(/^file:\/\//, '').replace(`${root.replace(/\/$/, '')}/`, '');
    return `${path}:${row}${fn ? ` (${fn.replace(/^Object\./, '')})` : ''}`;
  }
  return fallback.replace(/\d+/g, 'N').slice(0, 120);
}

function crashReason(outcome: Extract<Outcome, { kind: 'crashed' }>): string {
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(outcome.stderr)) return 'out of memory';
  if (/Maximum call stack/i.test(outcome.stderr)) return 'stack overflow';
  if (outcome.signal) return outcome.signal;
  return `exit ${outcome.code ?? '?'}`;
}

export interface LedgerOptions {
  budget: Budget;
  /** For sites: frames are named relative to it. */
  root: string;
  /** An export or report more than this many times its input's size (for inputs of 4 KB and more) is a failure. */
  maxAmplification: number;
}

export type OutputKind = 'export' | 'report';
/** Exports (`export …`) and the CLI's reports (`report …`) are measured apart: the docs bound exports. */
const outputKind = (stage: string): OutputKind => (stage.startsWith('export') ? 'export' : 'report');

/** Inputs smaller than this are not judged for amplification: a few bytes in always make a page of JSON out. */
const AMPLIFICATION_MIN_BYTES = 4096;

/** What an export is measured against: the input as read (an archive's files, not its compressed bytes). */
const readSize = (info: CaseInfo, report: PipelineReport): number => Math.max(info.bytes, report.inputChars);

/** The failures of one input. */
export function failuresOf(info: CaseInfo, outcome: Outcome, options: LedgerOptions): Failure[] {
  switch (outcome.kind) {
    case 'killed':
      return [{ kind: 'killed', stage: outcome.stage, ms: outcome.ms, deadlineMs: deadlineMs(info.bytes, options.budget) }];
    case 'crashed':
      return [{ kind: 'crash', stage: outcome.stage, reason: crashReason(outcome), stderr: outcome.stderr.slice(-2000) }];
    case 'result':
      break;
  }
  const { report } = outcome;
  const failures: Failure[] = report.errors.map((e) => ({ kind: 'exception', ...e, site: siteOf(e.stack, options.root, `${e.name}: ${e.message}`) }));
  const budgetMs = stageBudgetMs(info.bytes, options.budget);
  for (const { stage, ms } of report.stages) if (ms > budgetMs) failures.push({ kind: 'over-budget', stage, ms: Math.round(ms), budgetMs });
  for (const oddity of report.oddities) {
    if (oddity.kind === 'proto-read' && !info.protoOracle) continue;
    failures.push({ kind: oddity.kind, stage: oddity.stage, detail: oddity.detail });
  }
  const read = readSize(info, report);
  if (read >= AMPLIFICATION_MIN_BYTES) {
    for (const [stage, chars] of Object.entries(report.outputs)) {
      const ratio = chars / read;
      if (ratio > options.maxAmplification) failures.push({ kind: 'amplified', stage, ratio: Math.round(ratio), chars });
    }
  }
  return failures;
}

/** An input of a group of failures, as the summary names it. */
export interface Example {
  index: number;
  bytes: number;
  weight: Weight;
  origin: string;
  /** Where it was saved, once it was. */
  file?: string;
}

export interface Group {
  key: string;
  kind: Failure['kind'];
  /** Failures (an input may fail the same way in several stages). */
  count: number;
  /** Inputs that failed this way. */
  inputs: number;
  stages: string[];
  /** A sample: the first failure's message, stage and so on. */
  first: Failure;
  smallest: Example;
  /** For time: the slowest stage seen. */
  worstMs?: number;
}

type Tally = { light: number; heavy: number };

export interface Summary {
  inputs: Tally;
  /** Milliseconds the inputs took, from sending each to its answer (or its child's end). */
  ms: Tally;
  exceptions: { count: number; inputs: Tally; sites: number };
  overBudget: { inputs: Tally; under1MB: number; killed: number };
  crashes: number;
  /** Exceptions a guard caught: the failures, the inputs, and how many kinds. */
  caught: { count: number; inputs: Tally; kinds: number };
  groups: Group[];
  /** The child's peak resident memory, light and heavy apart (each heavy input runs in a new child, so its peak is its own). */
  peak: Record<Weight, { rss: number; input?: Example }>;
  /** The most heap in use after a stage, and which. */
  heap: Record<Weight, HeapPeak & { input?: Example }>;
  /** The largest output (an export or a report) for its input's size, and the stage that wrote it. */
  amplification: Record<OutputKind, { ratio: number; stage?: string; input?: Example }>;
  /** Time spent in each stage over every input that answered, slowest first: where a run's time goes. */
  stageMs: { stage: string; ms: number }[];
}

/** A stage's name without what varies between inputs (`import --format langchain` counts as `import --format`). */
const stageFamily = (stage: string): string => (stage.startsWith('import --format') ? 'import --format' : stage);

const EXCEPTION_KINDS = new Set<Failure['kind']>(['exception']);
const TIME_KINDS = new Set<Failure['kind']>(['over-budget', 'killed']);

export class Ledger {
  private readonly inputs: Tally = { light: 0, heavy: 0 };
  private readonly exceptionInputs: Tally = { light: 0, heavy: 0 };
  private readonly overBudgetInputs: Tally = { light: 0, heavy: 0 };
  private readonly caughtInputs: Tally = { light: 0, heavy: 0 };
  private caught = 0;
  private exceptions = 0;
  private overBudgetUnder1MB = 0;
  private killed = 0;
  private crashes = 0;
  private readonly groups = new Map<string, Group>();
  /** Per group, the inputs counted in it. */
  private readonly seen = new Map<string, Set<number>>();
  private readonly ms: Tally = { light: 0, heavy: 0 };
  private readonly peak: Summary['peak'] = { light: { rss: 0 }, heavy: { rss: 0 } };
  private readonly heap: Summary['heap'] = { light: { stage: '', bytes: 0 }, heavy: { stage: '', bytes: 0 } };
  private readonly amplification: Summary['amplification'] = { export: { ratio: 0 }, report: { ratio: 0 } };
  private readonly stageMs = new Map<string, number>();

  constructor(readonly options: LedgerOptions) {}

  /** Counts one input and returns its failures. */
  record(info: CaseInfo, outcome: Outcome): Failure[] {
    this.inputs[info.weight]++;
    this.ms[info.weight] += outcome.ms;
    const example: Example = { index: info.index, bytes: info.bytes, weight: info.weight, origin: info.origin };
    if (outcome.kind === 'result') {
      if (outcome.maxRss > this.peak[info.weight].rss) this.peak[info.weight] = { rss: outcome.maxRss, input: example };
      const read = readSize(info, outcome.report);
      if (read >= AMPLIFICATION_MIN_BYTES) {
        for (const [stage, chars] of Object.entries(outcome.report.outputs)) {
          const kind = outputKind(stage);
          if (chars / read > this.amplification[kind].ratio) this.amplification[kind] = { ratio: chars / read, stage, input: example };
        }
      }
      for (const { stage, ms } of outcome.report.stages) this.stageMs.set(stageFamily(stage), (this.stageMs.get(stageFamily(stage)) ?? 0) + ms);
      const heap = outcome.heapPeak;
      if (heap && heap.bytes > this.heap[info.weight].bytes) this.heap[info.weight] = { ...heap, input: example };
    }
    const failures = failuresOf(info, outcome, this.options);
    if (failures.some((f) => EXCEPTION_KINDS.has(f.kind))) this.exceptionInputs[info.weight]++;
    if (failures.some((f) => f.kind === 'caught')) this.caughtInputs[info.weight]++;
    if (failures.some((f) => TIME_KINDS.has(f.kind))) {
      this.overBudgetInputs[info.weight]++;
      if (info.bytes < MB) this.overBudgetUnder1MB++;
    }
    for (const failure of failures) {
      if (failure.kind === 'exception') this.exceptions++;
      if (failure.kind === 'killed') this.killed++;
      if (failure.kind === 'crash') this.crashes++;
      if (failure.kind === 'caught') this.caught++;
      this.addToGroup(failure, example);
    }
    return failures;
  }

  /** Says where the input `index` was saved, for the groups that name it. */
  saved(index: number, file: string): void {
    for (const group of this.groups.values()) if (group.smallest.index === index) group.smallest.file = file;
  }

  private addToGroup(failure: Failure, example: Example): void {
    const key = keyOf(failure);
    let group = this.groups.get(key);
    if (!group) {
      group = { key, kind: failure.kind, count: 0, inputs: 0, stages: [], first: failure, smallest: example };
      this.groups.set(key, group);
    }
    group.count++;
    const seen = this.seen.get(key) ?? new Set<number>();
    this.seen.set(key, seen);
    if (!seen.has(example.index)) {
      seen.add(example.index);
      group.inputs++;
    }
    if (!group.stages.includes(failure.stage)) group.stages.push(failure.stage);
    if (example.bytes < group.smallest.bytes) group.smallest = example;
    if (failure.kind === 'over-budget' || failure.kind === 'killed') group.worstMs = Math.max(group.worstMs ?? 0, failure.ms);
  }

  summary(): Summary {
    return {
      inputs: { ...this.inputs },
      ms: { ...this.ms },
      exceptions: {
        count: this.exceptions,
        inputs: { ...this.exceptionInputs },
        sites: [...this.groups.values()].filter((g) => g.kind === 'exception').length,
      },
      overBudget: { inputs: { ...this.overBudgetInputs }, under1MB: this.overBudgetUnder1MB, killed: this.killed },
      crashes: this.crashes,
      caught: { count: this.caught, inputs: { ...this.caughtInputs }, kinds: [...this.groups.values()].filter((g) => g.kind === 'caught').length },
      groups: [...this.groups.values()]
        .map((group) => ({ ...group, stages: [...group.stages], smallest: { ...group.smallest } }))
        .sort((a, b) => b.inputs - a.inputs || (a.key < b.key ? -1 : 1)),
      peak: { light: { ...this.peak.light }, heavy: { ...this.peak.heavy } },
      heap: { light: { ...this.heap.light }, heavy: { ...this.heap.heavy } },
      amplification: { export: { ...this.amplification.export }, report: { ...this.amplification.report } },
      stageMs: [...this.stageMs].map(([stage, ms]) => ({ stage, ms })).sort((a, b) => b.ms - a.ms),
    };
  }

  /** Whether anything failed. */
  get failed(): boolean {
    return this.groups.size > 0;
  }
}

const count = new Intl.NumberFormat('en-US');
const mb = (bytes: number): string => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
const size = (bytes: number): string => (bytes >= MB ? mb(bytes) : bytes >= 1000 ? `${(bytes / 1000).toFixed(1)} KB` : `${bytes} B`);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(0)} s`;
const both = (t: Tally): string => `${count.format(t.light + t.heavy)} (light ${count.format(t.light)} / heavy ${count.format(t.heavy)})`;
const exampleText = (e: Example): string => `#${e.index} ${e.weight}, ${size(e.bytes)}, from ${e.origin}${e.file ? ` → ${e.file}` : ''}`;

const peakText = (p: { rss: number; input?: Example }): string => `${mb(p.rss)}${p.input ? ` (on ${exampleText(p.input)})` : ''}`;

const ratioText = (a: { ratio: number; stage?: string; input?: Example }): string =>
  `${a.ratio.toFixed(1)}×${a.input ? ` (${a.stage ?? ''}, ${exampleText(a.input)})` : ''}`;
const heapText = (h: HeapPeak & { input?: Example }): string => `${mb(h.bytes)}${h.input ? ` after ${h.stage} (on ${exampleText(h.input)})` : ''}`;

function groupLines(group: Group): string[] {
  const { first } = group;
  const lines = [
    `  ${group.key}: ${count.format(group.inputs)} input(s), ${count.format(group.count)}×; stages: ${group.stages.slice(0, 6).join(', ')}${group.stages.length > 6 ? '…' : ''}`,
  ];
  if (first.kind === 'exception') lines.push(`      ${first.name}: ${first.message.split('\n')[0]!.slice(0, 160)}`);
  if (first.kind === 'crash') lines.push(`      ${first.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 160) ?? ''}`);
  if (first.kind === 'proto-read' || first.kind === 'long-error') lines.push(`      ${first.detail.slice(0, 160)}`);
  if (first.kind === 'amplified') lines.push(`      ${count.format(first.ratio)}× its input (${size(first.chars)})`);
  if (group.worstMs !== undefined) lines.push(`      slowest: ${(group.worstMs / 1000).toFixed(1)} s`);
  lines.push(`      smallest: ${exampleText(group.smallest)}`);
  return lines;
}

/** The summary as the fuzzer prints it. */
export function formatSummary(summary: Summary, header: string): string {
  const { groups } = summary;
  const section = (title: string, kinds: Failure['kind'][]) => {
    const chosen = groups.filter((g) => kinds.includes(g.kind));
    return chosen.length === 0 ? [] : [title, ...chosen.flatMap(groupLines)];
  };
  const { peak, amplification } = summary;
  return [
    header,
    `inputs run: ${both(summary.inputs)}; ${seconds(summary.ms.light)} on light ones, ${seconds(summary.ms.heavy)} on heavy ones`,
    `exceptions: ${count.format(summary.exceptions.count)} in ${both(summary.exceptions.inputs)} inputs, at ${summary.exceptions.sites} distinct site(s)`,
    `over budget: ${both(summary.overBudget.inputs)} inputs, ${count.format(summary.overBudget.under1MB)} of them under 1 MB; ${count.format(summary.overBudget.killed)} killed as hung`,
    `child crashes: ${count.format(summary.crashes)}`,
    `caught by a guard: ${count.format(summary.caught.count)} in ${both(summary.caught.inputs)} inputs, ${summary.caught.kinds} kind(s)`,
    `peak memory (the child's resident set): ${peakText(peak.light)} light; ${peakText(peak.heavy)} heavy`,
    `most heap in use after a stage: ${heapText(summary.heap.light)} light; ${heapText(summary.heap.heavy)} heavy`,
    `largest export for its input: ${ratioText(amplification.export)}; largest report: ${ratioText(amplification.report)}`,
    `time by stage: ${summary.stageMs
      .slice(0, 8)
      .map(({ stage, ms }) => `${stage} ${seconds(ms)}`)
      .join(', ')}`,
    ...section('exception sites:', ['exception']),
    ...section('over budget (stage time or killed):', ['over-budget', 'killed']),
    ...section('crashes:', ['crash']),
    ...section('exceptions a guard caught (the stage went on and said so in a problem, a note, a loss line or a card):', ['caught']),
    ...section('other findings:', ['proto-read', 'long-error', 'amplified']),
    '',
  ].join('\n');
}

// The fuzzer's flags (see run.ts).
import { DEFAULT_BUDGET } from './ledger';

export interface FuzzArgs {
  seconds: number;
  seed: number;
  out: string;
  runs?: number;
  replay?: number;
  /** A saved input to run alone (its .meta.json, when there is one, gives the options it ran with). */
  file?: string;
  budgetMs: number;
  hangFactor: number;
  heapMb: number;
  heavyEvery: number;
  maxBytes: number;
  shrinkSeconds: number;
  maxAmplification: number;
  /** Inputs run at once, each lane in a child of its own. */
  jobs: number;
}

const USAGE = `usage: npm run fuzz -- --seconds N [--seed S] [--out DIR] [--runs N] [--replay I] [--file PATH] [--budget-ms MS] [--hang-factor N]
                     [--heap-mb MB] [--heavy-every N] [--max-bytes B] [--shrink-seconds N] [--max-amplification X] [--jobs N]`;

const FLAGS: Record<string, keyof FuzzArgs> = {
  '--seconds': 'seconds',
  '--seed': 'seed',
  '--out': 'out',
  '--runs': 'runs',
  '--replay': 'replay',
  '--file': 'file',
  '--budget-ms': 'budgetMs',
  '--hang-factor': 'hangFactor',
  '--heap-mb': 'heapMb',
  '--heavy-every': 'heavyEvery',
  '--max-bytes': 'maxBytes',
  '--shrink-seconds': 'shrinkSeconds',
  '--max-amplification': 'maxAmplification',
  '--jobs': 'jobs',
};

/** The flags; a seed is drawn when none is given (and printed, so that the run can be repeated). */
export function parseFuzzArgs(argv: readonly string[], randomSeed: () => number = () => (Math.random() * 2 ** 31) | 0): FuzzArgs | string {
  const given: Partial<Record<keyof FuzzArgs, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = argv[i]!.split(/=(.*)/s, 2);
    const name = FLAGS[flag];
    if (!name) return `unknown flag ${flag}\n${USAGE}`;
    const value = inline ?? argv[++i];
    if (value === undefined) return `${flag} needs a value\n${USAGE}`;
    given[name] = value;
  }
  const numbers: Partial<Record<keyof FuzzArgs, number>> = {};
  for (const [name, text] of Object.entries(given) as [keyof FuzzArgs, string][]) {
    if (name === 'out' || name === 'file') continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) return `${name}: not a number: ${text}\n${USAGE}`;
    numbers[name] = value;
  }
  const seconds = numbers.seconds ?? 60;
  return {
    seconds,
    seed: (numbers.seed ?? randomSeed()) | 0,
    out: given.out ?? 'fuzz-failures',
    ...(numbers.runs !== undefined && { runs: numbers.runs }),
    ...(numbers.replay !== undefined && { replay: numbers.replay }),
    ...(given.file !== undefined && { file: given.file }),
    budgetMs: numbers.budgetMs ?? DEFAULT_BUDGET.stageMs,
    hangFactor: numbers.hangFactor ?? DEFAULT_BUDGET.hangFactor,
    heapMb: numbers.heapMb ?? 1024,
    heavyEvery: numbers.heavyEvery ?? 50,
    maxBytes: numbers.maxBytes ?? 8_000_000,
    shrinkSeconds: numbers.shrinkSeconds ?? Math.min(120, Math.round(seconds / 4)),
    maxAmplification: numbers.maxAmplification ?? 64,
    jobs: Math.max(1, Math.floor(numbers.jobs ?? 1)),
  };
}

import type { Command } from './args';

// Checking a history of hundreds of megabytes keeps every parsed object alive. With V8's default young
// generation (semi-spaces grown from 1 MB to 16 MB) a 400 MB file took ~180 scavenges, and each one
// rescans the old objects that point at new ones (the growing message lists), 2.4-2.9 s in all. Fixed
// 64 MB semi-spaces take 43 scavenges and 1.8-2.0 s; the check ran in 8.7-9.4 s instead of 9.1-11.7 s
// (docs/BENCHMARKS.md). At 60 MB it made no difference and cost 160 MB more memory, hence the threshold.
//
// Node also stops a process at a heap limit of its own choosing (about 4 GB here, whatever the machine has),
// and a history of gigabytes needs more: a 2 GB file ran out of heap at 4 GB. The child may use three
// quarters of the machine's (or the container's) memory instead, unless the user set a limit.
//
// Node reads these flags only when it starts, so a large input re-runs the CLI in a child process.

/** Inputs from this size on are checked, converted, redacted or repaired in a child Node started with the flags below. */
export const LARGE_INPUT_BYTES = 128 * 1024 * 1024;

export const YOUNG_GENERATION_FLAGS: readonly string[] = ['--min-semi-space-size=64', '--max-semi-space-size=64'];

const HEAP_LIMIT = '--max-old-space-size';

/** What the process it runs in looks like: its Node flags, NODE_OPTIONS, and the memory it may use in bytes. */
export interface NodeProcess {
  execArgv: readonly string[];
  nodeOptions: string | undefined;
  memory: number;
}

/**
 * The Node flags to re-run this command with, or undefined to run it here: when it reads a file (not
 * stdin, whose size is unknown) of LARGE_INPUT_BYTES or more, and this process was not started with them.
 * They are the young generation's and, unless the user set a heap limit, three quarters of `memory` as one.
 */
export function flagsToRerunWith(command: Command, sizeOf: (file: string) => number | undefined, node: NodeProcess): readonly string[] | undefined {
  if (command.kind !== 'check' && command.kind !== 'convert' && command.kind !== 'redact' && command.kind !== 'repair') return undefined;
  if (command.file === '-' || YOUNG_GENERATION_FLAGS.every((flag) => node.execArgv.includes(flag))) return undefined;
  const size = sizeOf(command.file);
  if (size === undefined || size < LARGE_INPUT_BYTES) return undefined;
  const userLimit = [...node.execArgv, ...(node.nodeOptions ?? '').split(/\s+/)].some((flag) => flag.startsWith(HEAP_LIMIT));
  return userLimit ? YOUNG_GENERATION_FLAGS : [...YOUNG_GENERATION_FLAGS, `${HEAP_LIMIT}=${Math.floor((node.memory * 0.75) / 2 ** 20)}`];
}

/**
 * Said after V8's own report when the child ran out of heap (it aborts: SIGABRT), so that the user learns
 * what happened and what to do rather than only V8's stack.
 */
export function outOfMemoryMessage(file: string, flags: readonly string[]): string {
  const limit = flags.find((flag) => flag.startsWith(HEAP_LIMIT))?.split('=')[1];
  const allowed = limit === undefined ? 'the heap limit you set' : `${limit} MB, three quarters of the memory available`;
  return `msgscope: ${file} needs more memory than Node may use here (${allowed}). Give it more with NODE_OPTIONS=--max-old-space-size=MEGABYTES, or split the history.\n`;
}

import type { Command } from './args';

// Checking a history of hundreds of megabytes keeps every parsed object alive. With V8's default young
// generation (semi-spaces grown from 1 MB to 16 MB) a 400 MB file took ~180 scavenges, and each one
// rescans the old objects that point at new ones (the growing message lists), 2.4-2.9 s in all. Fixed
// 64 MB semi-spaces take 43 scavenges and 1.8-2.0 s; the check ran in 8.7-9.4 s instead of 9.1-11.7 s
// (docs/BENCHMARKS.md). At 60 MB it made no difference and cost 160 MB more memory, hence the threshold.
// Node reads these flags only when it starts, so a large input re-runs the CLI in a child process.

/** Inputs from this size on are checked or converted with the larger young generation. */
export const LARGE_INPUT_BYTES = 128 * 1024 * 1024;

export const YOUNG_GENERATION_FLAGS: readonly string[] = ['--min-semi-space-size=64', '--max-semi-space-size=64'];

/**
 * The Node flags to re-run this command with, or undefined to run it here: when it reads a file (not
 * stdin, whose size is unknown) of LARGE_INPUT_BYTES or more, and this process was not started with them.
 */
export function flagsToRerunWith(
  command: Command,
  sizeOf: (file: string) => number | undefined,
  execArgv: readonly string[],
): readonly string[] | undefined {
  if (command.kind !== 'check' && command.kind !== 'convert') return undefined;
  if (command.file === '-' || YOUNG_GENERATION_FLAGS.every((flag) => execArgv.includes(flag))) return undefined;
  const size = sizeOf(command.file);
  return size !== undefined && size >= LARGE_INPUT_BYTES ? YOUNG_GENERATION_FLAGS : undefined;
}

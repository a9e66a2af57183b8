import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { once } from 'node:events';
import { constants, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { parseArgs, type Command } from './args';
import { wantsColor } from './formatHuman';
import { debugWanted, guarded, onUncaught } from './internalError';
import { flagsToRerunWith, outOfMemoryMessage } from './largeInput';
import { run } from './run';
import { statusText } from './statusLine';

// The bundle lives in dist/cli and the built app in dist/app.
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../app');
const argv = process.argv.slice(2);

const sizeOf = (file: string): number | undefined => statSync(file, { throwIfNoEntry: false })?.size;

/** The machine's memory, or the container's limit when lower (an unlimited one reads as 2^64). */
function usableMemory(): number {
  const limit = process.constrainedMemory();
  return limit ? Math.min(limit, totalmem()) : totalmem();
}

/** Runs this same command in a child Node started with `flags`; its exit code, or undefined if it could not start. */
function rerunWith(command: Command, flags: readonly string[]): number | undefined {
  const script = process.argv[1];
  if (script === undefined) return undefined;
  const child = spawnSync(process.execPath, [...flags, ...process.execArgv, script, ...argv], { stdio: 'inherit' });
  if (child.error) return undefined;
  if (child.signal === 'SIGABRT' && 'file' in command) process.stderr.write(outOfMemoryMessage(command.file, flags));
  // A child stopped by a signal (Ctrl+C) exits the shell's way: 128 + the signal's number.
  return child.status ?? 128 + (child.signal ? constants.signals[child.signal] : 0);
}

async function main(): Promise<number> {
  const command = parseArgs(argv);
  const flags = flagsToRerunWith(command, sizeOf, { execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS, memory: usableMemory() });
  const rerunCode = flags === undefined ? undefined : rerunWith(command, flags);
  if (rerunCode !== undefined) return rerunCode;
  return run(argv, {
    // write() says false when the pipe's buffer is full: wait for it to drain (backpressure) before the next part.
    stdout: (s) => (process.stdout.write(s) ? undefined : once(process.stdout, 'drain').then(() => undefined)),
    stderr: (s) => void process.stderr.write(s),
    readStdin: () => buffer(process.stdin),
    color: wantsColor(process.stdout.isTTY, process.env),
    ...(process.stderr.isTTY && { status: (line) => void process.stderr.write(statusText(line, process.stderr.columns)) }),
    appDir,
    waitForStop: () =>
      new Promise((done) => {
        process.once('SIGINT', () => done());
        process.once('SIGTERM', () => done());
      }),
  });
}

// An exception nothing caught is one line and exit 2, not a stack trace (MSGSCOPE_DEBUG=1 adds it).
const fatal = { stderr: (s: string) => void process.stderr.write(s), debug: debugWanted(process.env), exit: (code: number) => process.exit(code) };
process.on('uncaughtException', onUncaught(fatal));
process.on('unhandledRejection', onUncaught(fatal));

// exitCode rather than exit() so piped stdout is flushed first.
process.exitCode = await guarded(main, fatal);

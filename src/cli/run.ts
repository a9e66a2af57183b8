import { writeFile } from 'node:fs/promises';
import type { StreamedJson } from '../core/json/streamingJson';
import { parseArgs, type Command } from './args';
import { check } from './check';
import { convert, isConvertTarget, unknownTarget } from './convert';
import { formatsList, unknownFormat } from './formats';
import { open, type OpenIo } from './open';
import { readHistoryFile } from './readHistory';
import { USAGE } from './usage';

export interface CliIo extends OpenIo {
  readStdin(): Promise<string>;
  /** Colour the human report (stdout is a TTY and NO_COLOR is not set). */
  color: boolean;
}

type CheckCommand = Extract<Command, { kind: 'check' }>;
type ConvertCommand = Extract<Command, { kind: 'convert' }>;

/** Output given in parts goes out about a megabyte at a time: a write per part is a system call per finding. */
const WRITE_CHARS = 1 << 20;

function* inChunks(parts: Iterable<string>): Generator<string> {
  let pending = '';
  for (const part of parts) {
    pending += part;
    if (pending.length < WRITE_CHARS) continue;
    yield pending;
    pending = '';
  }
  if (pending !== '') yield pending;
}

function fail(io: CliIo, message: string): 2 {
  io.stderr(message);
  return 2;
}

/** The input, or an Error after saying on stderr why it could not be read. */
async function readInput(file: string, io: CliIo): Promise<StreamedJson | Error> {
  try {
    if (file !== '-') return await readHistoryFile(file);
    const text = await io.readStdin();
    return { text: () => text };
  } catch (error) {
    io.stderr(`msgscope: cannot read ${file}: ${(error as Error).message}\n`);
    return error as Error;
  }
}

const sourceName = (file: string): string => (file === '-' ? 'stdin' : file);

/** `{format}` to pass on when the user chose one; a mistyped one is reported before stdin is read. */
function formatChoice(format: string | undefined, io: CliIo): { format?: string } | 2 {
  if (format === undefined) return {};
  const bad = unknownFormat(format);
  return bad === undefined ? { format } : fail(io, bad);
}

async function runCheck(command: CheckCommand, io: CliIo): Promise<number> {
  const format = formatChoice(command.format, io);
  if (format === 2) return 2;
  const input = await readInput(command.file, io);
  if (input instanceof Error) return 2;
  const outcome = check(input, { json: command.json, color: io.color, source: sourceName(command.file), ...format });
  for (const chunk of inChunks(outcome.stdout)) io.stdout(chunk);
  io.stderr(outcome.stderr);
  return outcome.code;
}

async function runConvert(command: ConvertCommand, io: CliIo): Promise<number> {
  const { to, output } = command;
  if (!isConvertTarget(to)) return fail(io, unknownTarget(to));
  const format = formatChoice(command.format, io);
  if (format === 2) return 2;
  const input = await readInput(command.file, io);
  if (input instanceof Error) return 2;
  const outcome = convert(input, { to, source: sourceName(command.file), ...format });
  if (outcome.code === 2) return fail(io, outcome.stderr);
  if (output === undefined) for (const chunk of inChunks(outcome.stdout)) io.stdout(chunk);
  else {
    try {
      await writeFile(output, inChunks(outcome.stdout));
    } catch (error) {
      return fail(io, `msgscope: cannot write ${output}: ${(error as Error).message}\n`);
    }
  }
  io.stderr(outcome.stderr);
  return 0;
}

/** The whole CLI as a function of argv and io, so tests run it without a child process. Returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const command = parseArgs(argv);
  switch (command.kind) {
    case 'help':
      io.stdout(USAGE);
      return 0;
    case 'usage-error':
      return fail(io, `msgscope: ${command.message}\n\n${USAGE}`);
    case 'formats':
      io.stdout(formatsList());
      return 0;
    case 'open':
      return open(command.file, command.port, io);
    case 'check':
      return runCheck(command, io);
    case 'convert':
      return runConvert(command, io);
  }
}

import { statSync } from 'node:fs';
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
  /**
   * Shows what a run is doing while a large file keeps it busy, each line replacing the last; undefined
   * erases it. Given only when stderr is a terminal: a script or CI log gets no such lines.
   */
  status?: (line: string | undefined) => void;
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

/** Status lines while a file is read are at most this often: a 400 MB file arrives in 400 pieces. */
const STATUS_EVERY_MS = 100;

const megabytes = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

const count = new Intl.NumberFormat('en-US');

/** Reports bytes read of `file` and entries parsed as status lines, when there is a status line to show them in. */
function readStatus(file: string, io: CliIo): ((bytes: number, entries: number) => void) | undefined {
  const { status } = io;
  if (!status) return undefined;
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  let shownAt = 0;
  return (bytes, entries) => {
    const now = Date.now();
    if (now - shownAt < STATUS_EVERY_MS) return;
    shownAt = now;
    const parsed = entries > 0 ? ` · ${count.format(entries)} entries parsed` : '';
    status(`Reading ${file}: ${megabytes(bytes)}${size === undefined ? '' : ` of ${megabytes(size)}`}${parsed}`);
  };
}

/** The input, or an Error after saying on stderr why it could not be read. */
async function readInput(file: string, io: CliIo): Promise<StreamedJson | Error> {
  try {
    if (file !== '-') return await readHistoryFile(file, readStatus(file, io));
    const text = await io.readStdin();
    return { text: () => text };
  } catch (error) {
    io.status?.(undefined);
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

const conversationChoice = ({ conversation }: { conversation?: string }) => (conversation === undefined ? {} : { conversation });

async function runCheck(command: CheckCommand, io: CliIo): Promise<number> {
  const format = formatChoice(command.format, io);
  if (format === 2) return 2;
  const input = await readInput(command.file, io);
  if (input instanceof Error) return 2;
  io.status?.(`Checking ${sourceName(command.file)}…`);
  const outcome = check(input, { json: command.json, color: io.color, source: sourceName(command.file), ...format, ...conversationChoice(command) });
  io.status?.(undefined);
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
  io.status?.(`Converting ${sourceName(command.file)}…`);
  const outcome = convert(input, { to, source: sourceName(command.file), ...format, ...conversationChoice(command) });
  io.status?.(undefined);
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

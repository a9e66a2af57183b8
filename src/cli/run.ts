import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs, type Command } from './args';
import { loadPrices, wantsPrices } from './prices';
import { checkResult, importInput, type CliInput } from './check';
import { convert, isConvertTarget, unknownTarget } from './convert';
import { HTML_TARGET, runConvertHtml } from './convertHtml';
import { formatsList, unknownFormat } from './formats';
import { open, type OpenIo } from './open';
import { cannotRead, inputOfBytes, readInputFile } from './readInput';
import { runRedact } from './redact';
import { isTarget, repair, unknownRepairTarget } from './repair';
import { runShare } from './share';
import { serve } from './shareServer/serveCommand';
import { USAGE } from './usage';

export interface CliIo extends OpenIo {
  /** Bytes as read (the CLI tells text from an archive itself), or text (tests). */
  readStdin(): Promise<string | Uint8Array>;
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
type RepairCommand = Extract<Command, { kind: 'repair' }>;

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

const sourceName = (file: string): string => (file === '-' ? 'stdin' : file);

/** The input (src/cli/readInput), or an Error after saying on stderr why it could not be read. */
async function readInput(file: string, io: CliIo): Promise<CliInput | Error> {
  let input: CliInput | Error;
  try {
    input = file === '-' ? inputOfBytes(await io.readStdin(), sourceName(file)) : await readInputFile(file, readStatus(file, io));
  } catch (error) {
    input = cannotRead(file, error);
  }
  if (input instanceof Error) {
    io.status?.(undefined);
    io.stderr(`msgscope: ${input.message}\n`);
  }
  return input;
}

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
  const result = importInput(input, format.format);
  const prices = wantsPrices(result) ? { prices: await loadPrices() } : {};
  const outcome = checkResult(result, {
    json: command.json,
    color: io.color,
    source: sourceName(command.file),
    ...format,
    ...conversationChoice(command),
    ...prices,
  });
  io.status?.(undefined);
  for (const chunk of inChunks(outcome.stdout)) await io.stdout(chunk);
  io.stderr(outcome.stderr);
  return outcome.code;
}

async function runConvert(command: ConvertCommand, io: CliIo): Promise<number> {
  const { to, output } = command;
  // The HTML file carries the whole input, not its messages converted.
  if (to === HTML_TARGET) return runConvertHtml(command, io, readInput);
  if (!isConvertTarget(to)) return fail(io, unknownTarget(to));
  const format = formatChoice(command.format, io);
  if (format === 2) return 2;
  const input = await readInput(command.file, io);
  if (input instanceof Error) return 2;
  io.status?.(`Converting ${sourceName(command.file)}…`);
  const outcome = convert(input, { to, source: sourceName(command.file), ...format, ...conversationChoice(command) });
  io.status?.(undefined);
  if (outcome.code === 2) return fail(io, outcome.stderr);
  // Each part waits for the pipe to take the last: a reader slower than the export must not make it pile up in memory.
  if (output === undefined) for (const chunk of inChunks(outcome.stdout)) await io.stdout(chunk);
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

/**
 * The repaired history to OUT or stdout; the edits to stderr, or to stdout when the history goes to OUT; what was
 * not repaired and the verdicts on stderr. Exit 0 accepted, 1 not, 2 unreadable input or output not written.
 */
async function runRepair(command: RepairCommand, io: CliIo): Promise<number> {
  const { target, output } = command;
  if (target !== undefined && !isTarget(target)) return fail(io, unknownRepairTarget(target));
  const format = formatChoice(command.format, io);
  if (format === 2) return 2;
  const input = await readInput(command.file, io);
  if (input instanceof Error) return 2;
  io.status?.(`Repairing ${sourceName(command.file)}…`);
  const outcome = repair(input, { source: sourceName(command.file), ...format, ...(target !== undefined && { target }) });
  io.status?.(undefined);
  if (outcome.code === 2) return fail(io, outcome.stderr);
  if (output === undefined) {
    io.stderr(outcome.report);
    for (const chunk of inChunks([outcome.output])) await io.stdout(chunk);
  } else {
    try {
      await writeFile(output, outcome.output);
    } catch (error) {
      return fail(io, `msgscope: cannot write ${output}: ${(error as Error).message}\n`);
    }
    await io.stdout(outcome.report);
  }
  io.stderr(outcome.verdict);
  return outcome.code;
}

/** The whole CLI as a function of argv and io, so tests run it without a child process. Returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const command = parseArgs(argv);
  switch (command.kind) {
    case 'help':
      await io.stdout(USAGE);
      return 0;
    case 'usage-error':
      return fail(io, `msgscope: ${command.message}\n\n${USAGE}`);
    case 'formats':
      await io.stdout(formatsList());
      return 0;
    case 'open':
      return open(command.file, command, io);
    case 'serve':
      return serve(command, io);
    case 'share':
      return runShare(command, io, readInput);
    case 'redact':
      return runRedact(command, io);
    case 'check':
      return runCheck(command, io);
    case 'convert':
      return runConvert(command, io);
    case 'repair':
      return runRepair(command, io);
  }
}

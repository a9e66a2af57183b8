import { readFile } from 'node:fs/promises';
import { parseArgs } from './args';
import { check } from './check';
import { open, type OpenIo } from './open';
import { USAGE } from './usage';

export interface CliIo extends OpenIo {
  readStdin(): Promise<string>;
  /** Colour the human report (stdout is a TTY and NO_COLOR is not set). */
  color: boolean;
}

async function readInput(file: string, io: CliIo): Promise<string | Error> {
  try {
    return file === '-' ? await io.readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    return error as Error;
  }
}

/** The whole CLI as a function of argv and io, so tests run it without a child process. Returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const command = parseArgs(argv);
  switch (command.kind) {
    case 'help':
      io.stdout(USAGE);
      return 0;
    case 'usage-error':
      io.stderr(`msgscope: ${command.message}\n\n${USAGE}`);
      return 2;
    case 'open':
      return open(command.file, command.port, io);
    case 'check': {
      const text = await readInput(command.file, io);
      if (text instanceof Error) {
        io.stderr(`msgscope: cannot read ${command.file}: ${text.message}\n`);
        return 2;
      }
      const source = command.file === '-' ? 'stdin' : command.file;
      const outcome = check(text, { json: command.json, color: io.color, source, ...(command.format === undefined ? {} : { format: command.format }) });
      io.stdout(outcome.stdout);
      io.stderr(outcome.stderr);
      return outcome.code;
    }
  }
}

// An exception nothing else caught is a fault of msgscope, not of the input (unreadable input exits 2 with
// its own message). The user gets one line that says so and exit 2; the stack trace, for a bug report,
// only when they ask for it.

/** Set to 1 (or any value but 0 and empty) to have the stack of an internal error printed after its line. */
export const DEBUG_VARIABLE = 'MSGSCOPE_DEBUG';

/** The exit code of a pipe's reader that went away (`| head`): 128 + SIGPIPE, as a process killed by it exits. */
export const BROKEN_PIPE_EXIT = 128 + 13;

/** An error's message is quoted to this many characters: it may quote the input. */
const MAX_MESSAGE = 300;

export interface FatalIo {
  stderr(text: string): void;
  /** Print the stack as well (DEBUG_VARIABLE is set). */
  debug: boolean;
}

export const debugWanted = (env: Readonly<Record<string, string | undefined>>): boolean => {
  const value = env[DEBUG_VARIABLE];
  return value !== undefined && value !== '' && value !== '0';
};

/** The message of anything thrown, on one line and at most MAX_MESSAGE characters. */
function messageOf(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  } catch {
    // A thrown object whose toString throws, or a null-prototype object.
    text = typeof error;
  }
  const line = text.replace(/\s+/g, ' ').trim() || 'no message';
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

function stackOf(error: unknown): string | undefined {
  return error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
}

/** What stderr gets for an exception nothing caught: one line, then the stack when asked for. */
export function internalErrorText(error: unknown, debug: boolean): string {
  const line = `msgscope: internal error: ${messageOf(error)}\n`;
  if (!debug) return `${line}This is a bug in msgscope; please report it (run with ${DEBUG_VARIABLE}=1 for the details).\n`;
  const stack = stackOf(error);
  return stack === undefined ? line : `${line}${stack}\n`;
}

/** Writing to a pipe whose reader has gone (`msgscope convert … | head`): no error of msgscope's, nothing to say. */
export function isBrokenPipe(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EPIPE';
}

/** The exit code of `main`, or 2 after internalErrorText when it throws. */
export async function guarded(main: () => Promise<number>, io: FatalIo): Promise<number> {
  try {
    return await main();
  } catch (error) {
    if (isBrokenPipe(error)) return BROKEN_PIPE_EXIT;
    io.stderr(internalErrorText(error, io.debug));
    return 2;
  }
}

/**
 * For exceptions out of no promise main awaits (an event with no listener, a timer, a rejection no one
 * handles): says so as guarded does and ends the process, which Node would otherwise end with a stack trace.
 */
export function onUncaught(io: FatalIo & { exit(code: number): void }): (error: unknown) => void {
  return (error) => {
    if (isBrokenPipe(error)) return io.exit(BROKEN_PIPE_EXIT);
    io.stderr(internalErrorText(error, io.debug));
    io.exit(2);
  };
}

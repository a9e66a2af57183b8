import type { CliIo } from '../run';

export interface FakeIo extends CliIo {
  out: string;
  err: string;
  /** Makes waitForStop resolve, as Ctrl+C would. */
  stop(): void;
}

/** An in-memory CliIo for tests: collects output, feeds stdin, stops on demand. */
export function fakeIo(options: { stdin?: string | Uint8Array; appDir?: string; onStdout?: (text: string) => void } = {}): FakeIo {
  let stop = (): void => {};
  const stopped = new Promise<void>((done) => (stop = done));
  const io: FakeIo = {
    out: '',
    err: '',
    color: false,
    appDir: options.appDir ?? '/nonexistent',
    stdout: (text) => {
      io.out += text;
      options.onStdout?.(text);
    },
    stderr: (text) => void (io.err += text),
    readStdin: () => Promise.resolve(options.stdin ?? ''),
    waitForStop: () => stopped,
    stop: () => stop(),
  };
  return io;
}

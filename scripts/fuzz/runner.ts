// Runs inputs one at a time in a child process (child.ts, or any script that speaks protocol.ts), with a
// deadline each: a child over its deadline is killed, a child that dies is noted with its last words, and
// the next input gets a new child. A spare child is started ahead, so that a new one is ready at once.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { Outcome } from './ledger';
import type { ChildReply, ChildRequest } from './protocol';

/** Last characters of the child's stderr kept, for the reason it died. */
const STDERR_CHARS = 8000;

interface Pending {
  id: number;
  started: number;
  timer: NodeJS.Timeout;
  resolve: (outcome: Outcome) => void;
}

export interface ChildCommand {
  script: string;
  /** Node flags: the heap limit, source maps. */
  execArgv: string[];
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  stderr: string;
  killed: boolean;
}

export class ChildRunner {
  private current: Child | undefined;
  private spare: Child | undefined;
  private pending: Pending | undefined;
  /** The stage the current input is in, from the child's breadcrumbs. */
  private stage = 'start';
  /** Children started, spares included. */
  starts = 0;

  constructor(private readonly command: ChildCommand) {}

  async run(request: ChildRequest, deadlineMs: number): Promise<Outcome> {
    const child = this.child();
    await child.ready;
    return new Promise<Outcome>((resolve) => {
      this.stage = 'start';
      const timer = setTimeout(() => this.kill(child), deadlineMs);
      this.pending = { id: request.id, started: performance.now(), timer, resolve };
      child.process.send(request);
    });
  }

  /** The next input gets a new child: the current one is stopped (between inputs). */
  renew(): void {
    const child = this.current;
    this.current = undefined;
    if (child) this.stop(child);
  }

  /** Stops every child. */
  close(): void {
    this.renew();
    const spare = this.spare;
    this.spare = undefined;
    if (spare) this.stop(spare);
  }

  private child(): Child {
    if (this.current) return this.current;
    this.current = this.spare ?? this.spawn();
    this.spare = this.spawn();
    return this.current;
  }

  private spawn(): Child {
    this.starts++;
    const process_ = spawn(process.execPath, [...this.command.execArgv, this.command.script], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc', 'pipe'],
      serialization: 'advanced',
    });
    let started = false;
    let failedToStart: (error: Error) => void = () => {};
    const child: Child = {
      process: process_,
      stderr: '',
      killed: false,
      ready: new Promise<void>((resolve, reject) => {
        failedToStart = reject;
        process_.on('message', (reply: ChildReply) => {
          if (reply.type === 'ready') {
            started = true;
            resolve();
          } else if (this.current === child) {
            const { report, rss, heapUsed, maxRss, heapPeak } = reply;
            this.settle(reply.id, { kind: 'result', report, ms: 0, rss, heapUsed, maxRss, heapPeak });
          }
        });
      }),
    };
    // Nobody may be waiting for a spare that dies unstarted.
    child.ready.catch(() => {});
    process_.stderr!.setEncoding('utf8');
    process_.stderr!.on('data', (text: string) => {
      child.stderr = (child.stderr + text).slice(-STDERR_CHARS);
    });
    this.readBreadcrumbs(child, process_.stdio[4] as Readable);
    // 'close' rather than 'exit': by then stderr is read to its end, and the reason for a crash with it.
    process_.on('close', (code, signal) => {
      if (!started)
        failedToStart(new Error(`The fuzz child ${this.command.script} exited before it was ready (${signal ?? `exit ${code}`}):\n${child.stderr}`));
      if (this.spare === child) this.spare = undefined;
      if (this.current !== child) return;
      this.current = undefined;
      const pending = this.pending;
      if (pending && !child.killed) this.settle(pending.id, { kind: 'crashed', stage: this.stage, ms: 0, code, signal, stderr: child.stderr });
    });
    return child;
  }

  private stop(child: Child): void {
    child.killed = true;
    child.process.kill('SIGKILL');
  }

  private kill(child: Child): void {
    const pending = this.pending;
    if (this.current !== child || !pending) return;
    this.current = undefined;
    this.stop(child);
    this.settle(pending.id, { kind: 'killed', stage: this.stage, ms: 0 });
  }

  private settle(id: number, outcome: Outcome): void {
    const pending = this.pending;
    if (!pending || pending.id !== id) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve({ ...outcome, ms: performance.now() - pending.started });
  }

  private readBreadcrumbs(child: Child, stream: Readable): void {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const tab = line.indexOf('\t');
        if (this.current === child && this.pending && Number(line.slice(0, tab)) === this.pending.id) this.stage = line.slice(tab + 1);
      }
    });
  }
}

import { nameForRequest } from '../protocol/firstRequest';
import { createImportWorker } from './importWorker';
import type { Method, Params, ProgressOf, Result, WorkerError, WorkerErrorKind, WorkerProgress, WorkerRequest, WorkerResponse } from '../protocol/workerApi';

/** What the client needs of a Worker; tests pass a fake. */
export interface WorkerPort {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

interface Pending {
  resolve: (result: Result<Method>) => void;
  reject: (error: WorkerCallError) => void;
  // A method, so that a call's handler of its own method's progress (ProgressOf<M>) can be kept here: the worker
  // reports to each request only the progress its method declares.
  onProgress?(progress: WorkerProgress): void;
}

/** What a call to the worker rejects with: the worker's answer, or why the page got none. */
export class WorkerCallError extends Error {
  readonly kind: WorkerErrorKind;

  constructor({ kind, message }: WorkerError) {
    super(message);
    this.name = 'WorkerCallError';
    this.kind = kind;
  }
}

/** The kind of a failed call; a value that is no WorkerCallError came from the page's own code. */
export const kindOf = (error: unknown): WorkerErrorKind => (error instanceof WorkerCallError ? error.kind : 'failed');

/** Requests to one worker, matched to their answers by id. */
export class WorkerClient {
  private lastId = 0;
  private readonly pending = new Map<number, Pending>();
  private failure: WorkerCallError | undefined;

  constructor(private readonly port: WorkerPort) {
    port.onmessage = (event) => this.receive(event.data);
    port.onerror = (event) => {
      // A worker that fails to start or crashes fails every call, now and later, with what it said.
      event.preventDefault();
      this.fail(new WorkerCallError({ kind: 'crashed', message: `The import worker failed: ${event.message || 'unknown error'}` }));
    };
  }

  call<M extends Method>(method: M, params: Params<M>, onProgress?: (progress: ProgressOf<M>) => void): Promise<Result<M>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise<Result<M>>((resolve, reject) => {
      // Each answer carries its request's id, so the result has the type this method's request promised.
      this.pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      try {
        this.port.postMessage({ id, method, params } as WorkerRequest);
      } catch (error) {
        this.pending.delete(id);
        // E.g. a value the structured clone cannot copy.
        reject(new WorkerCallError({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
      }
    });
  }

  /** Stops the worker; calls still waiting, and later ones, reject as `stopped`. */
  terminate(): void {
    this.port.terminate();
    this.fail(new WorkerCallError({ kind: 'stopped', message: 'The worker was stopped.' }));
  }

  private receive(response: WorkerResponse): void {
    const call = this.pending.get(response.id);
    if (!call) return;
    if (response.kind === 'progress') {
      call.onProgress?.(response.progress);
      return;
    }
    this.pending.delete(response.id);
    if (response.kind === 'result') call.resolve(response.result);
    else call.reject(new WorkerCallError(response.error));
  }

  private fail(error: WorkerCallError): void {
    this.failure ??= error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

/**
 * A worker created on the first request. A URL import travels in the worker's name (see firstRequest.ts):
 * at start-up the worker fetches while the page is still evaluating React.
 */
export class WorkerOnFirstRequest implements WorkerPort {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private worker: Worker | undefined;

  constructor(private readonly create: (name: string | undefined) => Worker) {}

  postMessage(message: WorkerRequest): void {
    if (this.worker) {
      this.worker.postMessage(message);
      return;
    }
    const name = nameForRequest(message);
    const worker = this.create(name);
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.onmessage?.(event);
    worker.onerror = (event) => this.onerror?.(event);
    this.worker = worker;
    if (name === undefined) worker.postMessage(message);
  }

  terminate(): void {
    this.worker?.terminate();
  }
}

/** A fresh worker: each history gets its own, so a cancelled load never takes the one on screen with it. */
export function spawnWorker(): WorkerClient {
  return new WorkerClient(new WorkerOnFirstRequest(createImportWorker));
}

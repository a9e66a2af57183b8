import type { ImportResult } from '../core/model';
import type { ImportRequest, ImportResponse } from '../worker/protocol';

/** What a request yields: the import result, or `superseded` when a newer request replaced it. */
export type LoadOutcome = ImportResult | 'superseded';

interface Pending {
  id: number;
  resolve: (outcome: LoadOutcome) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let lastId = 0;
let pending: Pending | undefined;

function failPending(error: Error): void {
  pending?.reject(error);
  pending = undefined;
}

function getWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('../worker/import.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<ImportResponse>) => {
    if (!pending || event.data.id !== pending.id) return;
    pending.resolve(event.data.result);
    pending = undefined;
  };
  created.onerror = (event: ErrorEvent) => {
    // A worker that fails to start or crashes is replaced on the next request.
    event.preventDefault();
    created.terminate();
    if (worker === created) worker = undefined;
    failPending(new Error(`The import worker failed: ${event.message || 'unknown error'}`));
  };
  worker = created;
  return created;
}

/** Parses, links and checks `input` off the main thread. Only the latest request resolves with a result. */
export function importInWorker(input: string | Blob): Promise<LoadOutcome> {
  if (pending) {
    // The worker is still busy with input the user no longer wants: stop it rather than queue behind it.
    pending.resolve('superseded');
    pending = undefined;
    worker?.terminate();
    worker = undefined;
  }
  const id = ++lastId;
  return new Promise<LoadOutcome>((resolve, reject) => {
    pending = { id, resolve, reject };
    const request: ImportRequest = { id, input };
    try {
      getWorker().postMessage(request);
    } catch (error) {
      failPending(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

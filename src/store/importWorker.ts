// The import worker, started from its own file in the built app (dist/app/assets). The single HTML file
// (vite.standalone.config.ts) swaps this module for one that starts the worker from a blob: URL of its inlined
// source: a file:// page can fetch no script, and Chromium starts no module worker from a blob: URL there.

/** A new import worker; `name` carries a URL import to it (see protocol/firstRequest.ts). */
export const createImportWorker = (name: string | undefined): Worker =>
  new Worker(new URL('../worker/import.worker.ts', import.meta.url), { type: 'module', name });

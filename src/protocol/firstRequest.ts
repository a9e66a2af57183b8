import { isRecord, parseJson } from '../core/json/value';
import type { RequestOf, WorkerRequest } from './workerApi';

// A worker created for a URL import gets that request in its name (WorkerOptions.name). It reads the name
// as soon as its code has run, whereas a posted message waits for the page's thread, which is busy
// evaluating React at start-up, to pass it on. Page and worker both import this file.

/** The worker name that carries `request`, or undefined when it must be posted (text, files, other methods). */
export function nameForRequest(request: WorkerRequest): string | undefined {
  if (request.method !== 'import') return undefined;
  const { input } = request.params;
  if (typeof input === 'string' || !('url' in input)) return undefined;
  return JSON.stringify(request);
}

/** The URL import a worker's name carries, or undefined for any other name. */
export function requestFromName(name: string): RequestOf<'import'> | undefined {
  const value = parseJson(name)?.value;
  if (!isRecord(value) || typeof value.id !== 'number' || value.method !== 'import' || !isRecord(value.params)) return undefined;
  const { input, name: source, format, conversation } = value.params;
  if (!isRecord(input) || typeof input.url !== 'string' || typeof source !== 'string') return undefined;
  if (format !== undefined && typeof format !== 'string') return undefined;
  if (conversation !== undefined && typeof conversation !== 'number') return undefined;
  const params = { input: { url: input.url }, name: source, ...(format !== undefined && { format }), ...(conversation !== undefined && { conversation }) };
  return { id: value.id, method: 'import', params };
}

/// <reference lib="webworker" />
// Parsing, linking and checks run here so that a large history never freezes the page.
import { importText } from '../core/import';
import type { ImportResult } from '../core/model';
import type { ImportRequest, ImportResponse } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function handle(request: ImportRequest): Promise<ImportResult> {
  try {
    const text = typeof request.input === 'string' ? request.input : await request.input.text();
    return importText(text);
  } catch (error) {
    // An importer bug must reach the user as an error banner, not as a request that never answers.
    return { ok: false, error: { message: `Import failed: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

scope.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const response: ImportResponse = { id: event.data.id, result: await handle(event.data) };
  scope.postMessage(response);
};

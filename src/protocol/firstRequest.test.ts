import { describe, expect, it } from 'vitest';
import { nameForRequest, requestFromName } from './firstRequest';
import type { WorkerRequest } from './workerApi';

describe('a first request in the worker name', () => {
  it('carries a URL import there and back, format and conversation included', () => {
    const request: WorkerRequest = { id: 1, method: 'import', params: { input: { url: 'https://x.test/run.json?a=1&b=%20' }, name: 'run', format: 'openai' } };
    const name = nameForRequest(request);
    expect(name).toBeDefined();
    expect(requestFromName(name ?? '')).toEqual(request);
    const second: WorkerRequest = { id: 1, method: 'import', params: { input: { url: 'u' }, name: 'n', conversation: 1 } };
    expect(requestFromName(nameForRequest(second) ?? '')).toEqual(second);
  });

  it('leaves text, files and other methods to be posted', () => {
    expect(nameForRequest({ id: 1, method: 'import', params: { input: '[]', name: 'paste' } })).toBeUndefined();
    expect(nameForRequest({ id: 1, method: 'import', params: { input: new Blob(['[]']), name: 'file' } })).toBeUndefined();
    expect(nameForRequest({ id: 2, method: 'detail', params: { index: 0 } })).toBeUndefined();
  });

  it('reads no request from any other name', () => {
    for (const name of [
      '',
      'import.worker',
      '[]',
      'null',
      '{"id":1,"method":"detail","params":{"index":0}}',
      '{"id":"1","method":"import","params":{"input":{"url":"u"},"name":"n"}}',
      '{"id":1,"method":"import","params":{"input":"[]","name":"n"}}',
      '{"id":1,"method":"import","params":{"input":{"url":"u"},"name":"n","format":3}}',
      '{"id":1,"method":"import","params":{"input":{"url":"u"},"name":"n","conversation":"2"}}',
    ]) {
      expect(requestFromName(name)).toBeUndefined();
    }
  });
});

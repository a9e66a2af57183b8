import { describe, expect, it } from 'vitest';
import type { WorkerRequest, WorkerResponse } from '../protocol/workerApi';
import { requestFromName } from '../protocol/firstRequest';
import { NO_FACETS } from '../protocol/search';
import { kindOf, WorkerCallError, WorkerClient, WorkerOnFirstRequest, type WorkerPort } from './workerClient';

/** A worker that records requests and answers when the test says. */
class FakePort implements WorkerPort {
  requests: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: WorkerRequest): void {
    this.requests.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(response: WorkerResponse): void {
    this.onmessage?.({ data: response } as MessageEvent<WorkerResponse>);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

function setup() {
  const port = new FakePort();
  return { port, client: new WorkerClient(port) };
}

describe('WorkerClient', () => {
  it('numbers requests and resolves each with its own answer, whatever the order', async () => {
    const { port, client } = setup();
    const first = client.call('detail', { index: 1 });
    const second = client.call('search', { query: 'x', roles: ['ai'], facets: NO_FACETS });
    expect(port.requests).toEqual([
      { id: 1, method: 'detail', params: { index: 1 } },
      { id: 2, method: 'search', params: { query: 'x', roles: ['ai'], facets: NO_FACETS } },
    ]);
    const hits = { kind: 'hits' as const, hits: Int32Array.from([4]), complete: true, scanned: 5, ms: 1 };
    port.answer({ id: 2, kind: 'result', result: hits });
    port.answer({ id: 1, kind: 'error', error: { kind: 'failed', message: 'No message #1' } });
    expect(await second).toBe(hits);
    await expect(first).rejects.toThrow('No message #1');
  });

  it('rejects with the kind of error the worker answered', async () => {
    const { port, client } = setup();
    const loading = client.call('import', { input: { url: 'https://x.test/a.json' }, name: 'a' });
    port.answer({ id: 1, kind: 'error', error: { kind: 'read', message: 'Could not fetch https://x.test/a.json: HTTP 404.' } });
    const error: unknown = await loading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCallError);
    expect(error).toMatchObject({ kind: 'read', message: 'Could not fetch https://x.test/a.json: HTTP 404.' });
    expect(kindOf(new Error('the page itself'))).toBe('failed');
  });

  it('passes progress to the call it belongs to', async () => {
    const { port, client } = setup();
    const seen: number[] = [];
    const done = client.call('import', { input: '[]', name: 'paste' }, (p) => seen.push(p.bytes));
    port.answer({ id: 1, kind: 'progress', progress: { phase: 'read', bytes: 10, total: 20 } });
    port.answer({ id: 1, kind: 'progress', progress: { phase: 'parse', bytes: 20 } });
    port.answer({ id: 1, kind: 'result', result: { ok: false, error: { message: 'empty' } } });
    expect(await done).toEqual({ ok: false, error: { message: 'empty' } });
    expect(seen).toEqual([10, 20]);
  });

  it('ignores answers to requests it does not know', () => {
    const { port } = setup();
    expect(() => port.answer({ id: 9, kind: 'result', result: [] })).not.toThrow();
  });

  it('stops the worker and rejects what waits, and every later call', async () => {
    const { port, client } = setup();
    const waiting = client.call('convert', { target: 'anthropic' });
    client.terminate();
    expect(port.terminated).toBe(true);
    await expect(waiting).rejects.toMatchObject({ kind: 'stopped' });
    await expect(client.call('detail', { index: 0 })).rejects.toMatchObject({ kind: 'stopped' });
  });

  it('fails every call when the worker crashes', async () => {
    const { port, client } = setup();
    const waiting = client.call('cards', { indices: [0] });
    port.crash('SyntaxError in worker');
    await expect(waiting).rejects.toMatchObject({ kind: 'crashed', message: 'The import worker failed: SyntaxError in worker' });
    await expect(client.call('cards', { indices: [0] })).rejects.toMatchObject({ kind: 'crashed' });
  });
});

describe('WorkerOnFirstRequest', () => {
  /** Workers as the port creates them: their names and what was posted to each. */
  function starting() {
    const created: { name: string | undefined; posted: WorkerRequest[]; terminated: boolean; worker: Worker }[] = [];
    const port = new WorkerOnFirstRequest((name) => {
      const entry = { name, posted: [] as WorkerRequest[], terminated: false, worker: {} as Worker };
      entry.worker = {
        postMessage: (message: WorkerRequest) => entry.posted.push(message),
        terminate: () => {
          entry.terminated = true;
        },
        onmessage: null,
        onerror: null,
      } as unknown as Worker;
      created.push(entry);
      return entry.worker;
    });
    return { port, created, client: new WorkerClient(port) };
  }

  it('starts the worker with a URL import in its name and posts only what follows', async () => {
    const { created, client } = starting();
    const loaded = client.call('import', { input: { url: 'https://x.test/run.json' }, name: 'run' });
    expect(created).toHaveLength(1);
    expect(requestFromName(created[0]?.name ?? '')).toEqual({ id: 1, method: 'import', params: { input: { url: 'https://x.test/run.json' }, name: 'run' } });
    expect(created[0]?.posted).toEqual([]);
    void client.call('detail', { index: 0 });
    expect(created).toHaveLength(1);
    expect(created[0]?.posted).toEqual([{ id: 2, method: 'detail', params: { index: 0 } }]);
    // The worker's answers reach the client through the port.
    created[0]?.worker.onmessage?.({ data: { id: 1, kind: 'result', result: { ok: false, error: { message: 'empty' } } } } as MessageEvent);
    expect(await loaded).toEqual({ ok: false, error: { message: 'empty' } });
  });

  it('posts text and files, with no name', () => {
    const { created, client } = starting();
    void client.call('import', { input: '[]', name: 'paste' });
    expect(created[0]?.name).toBeUndefined();
    expect(created[0]?.posted).toEqual([{ id: 1, method: 'import', params: { input: '[]', name: 'paste' } }]);
  });

  it('passes a crash on and stops the worker it started', async () => {
    const { created, client } = starting();
    const loaded = client.call('import', { input: { url: 'https://x.test/a.json' }, name: 'a' });
    created[0]?.worker.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    await expect(loaded).rejects.toThrow('The import worker failed: boom');
    client.terminate();
    expect(created[0]?.terminated).toBe(true);
  });
});

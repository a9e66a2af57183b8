import { describe, expect, it } from 'vitest';
import type { WorkerRequest, WorkerResponse } from '../worker/protocol';
import { WorkerClient, WorkerStopped, type WorkerPort } from './workerClient';

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
    const second = client.call('search', { query: 'x', roles: ['ai'] });
    expect(port.requests).toEqual([
      { id: 1, method: 'detail', params: { index: 1 } },
      { id: 2, method: 'search', params: { query: 'x', roles: ['ai'] } },
    ]);
    const hits = Int32Array.from([4]);
    port.answer({ id: 2, kind: 'result', result: hits });
    port.answer({ id: 1, kind: 'error', message: 'No message #1' });
    expect(await second).toBe(hits);
    await expect(first).rejects.toThrow('No message #1');
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
    await expect(waiting).rejects.toBeInstanceOf(WorkerStopped);
    await expect(client.call('detail', { index: 0 })).rejects.toBeInstanceOf(WorkerStopped);
  });

  it('fails every call when the worker crashes', async () => {
    const { port, client } = setup();
    const waiting = client.call('cards', { indices: [0] });
    port.crash('SyntaxError in worker');
    await expect(waiting).rejects.toThrow('The import worker failed: SyntaxError in worker');
    await expect(client.call('cards', { indices: [0] })).rejects.toThrow('SyntaxError in worker');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportOutcome, LoadProgress, Method, Params } from '../protocol/workerApi';
import { buildCards } from '../worker/cards';
import { useStore } from './store';
import { testMessage, testTranscript } from './testing/transcript';
import { buildView } from '../worker/view';
import { spawnWorker, WorkerCallError, type WorkerClient } from './workerClient';

vi.mock('./workerClient', async (original) => ({ ...(await original<typeof import('./workerClient')>()), spawnWorker: vi.fn() }));

/** A worker whose import answers when the test says, and whose other calls answer at once. */
function fakeWorker() {
  let finish: (outcome: ImportOutcome) => void = () => undefined;
  let stop: (error: Error) => void = () => undefined;
  let progress: ((p: LoadProgress) => void) | undefined;
  const calls: { method: Method; params: unknown }[] = [];
  const worker = {
    calls,
    terminated: false,
    call: vi.fn(async <M extends Method>(method: M, params: Params<M>, onProgress?: (p: LoadProgress) => void) => {
      calls.push({ method, params });
      if (method === 'search') return { kind: 'hits', hits: 'search answered', complete: true, scanned: 0, ms: 0 };
      if (method !== 'import') return `${method} answered`;
      progress = onProgress;
      return new Promise<ImportOutcome>((resolve, reject) => ((finish = resolve), (stop = reject)));
    }),
    terminate: vi.fn(() => {
      worker.terminated = true;
      stop(new WorkerCallError({ kind: 'stopped', message: 'The worker was stopped.' }));
    }),
    finish: (outcome: ImportOutcome) => finish(outcome),
    fail: (error: WorkerCallError) => stop(error),
    progress: (p: LoadProgress) => progress?.(p),
  };
  return worker;
}

const ok = (count: number, detectedFormat: string | null = 'test'): ImportOutcome => {
  const transcript = testTranscript(Array.from({ length: count }, (_, i) => testMessage(i, 'human')));
  return { ok: true, view: buildView(transcript), cards: buildCards(transcript, [0]), detectedFormat };
};
const failed: ImportOutcome = { ok: false, error: { message: 'Invalid JSON', line: 1, column: 2 } };

let workers: ReturnType<typeof fakeWorker>[] = [];
beforeEach(() => {
  workers = [];
  vi.mocked(spawnWorker).mockImplementation(() => {
    const worker = fakeWorker();
    workers.push(worker);
    return worker as unknown as WorkerClient;
  });
  useStore.setState(useStore.getInitialState());
});

/** Starts a load and answers it with `outcome`. */
async function load(outcome: ImportOutcome, source = 'a.json') {
  const done = useStore.getState().loadInput('[]', source);
  await vi.waitFor(() => expect(workers.at(-1)?.calls.length).toBe(1));
  workers.at(-1)!.finish(outcome);
  await done;
}

describe('loading', () => {
  it('shows progress, then the history with its source', async () => {
    const done = useStore.getState().loadInput('[...]', 'paste');
    await vi.waitFor(() => expect(workers[0]?.calls.length).toBe(1));
    expect(workers[0]!.calls[0]).toMatchObject({ method: 'import', params: { name: 'paste', input: expect.any(Blob) } });
    workers[0]!.progress({ phase: 'read', bytes: 10, total: 20 });
    expect(useStore.getState()).toMatchObject({ loadState: 'loading', progress: { bytes: 10 } });
    workers[0]!.finish(ok(3));
    await done;
    const state = useStore.getState();
    expect(state).toMatchObject({ loadState: 'ready', transcriptSource: 'paste', progress: null });
    expect(state.view?.count).toBe(3);
    expect(state.session?.cards.get(0)?.index).toBe(0);
  });

  it('keeps the previous history on screen when a load fails, and frees the failed worker', async () => {
    await load(ok(2));
    await load(failed, 'paste');
    const state = useStore.getState();
    expect(state).toMatchObject({ loadState: 'error', loadSource: 'paste', transcriptSource: 'a.json' });
    expect(state.loadError).toMatchObject({ line: 1, column: 2 });
    expect(state.view?.count).toBe(2);
    expect(workers.map((w) => w.terminated)).toEqual([false, true]);
  });

  it('dismissing the error returns to the history on screen', async () => {
    await load(ok(2));
    await load(failed, 'paste');
    useStore.getState().dismissError();
    expect(useStore.getState()).toMatchObject({ loadState: 'ready', loadError: null, loadSource: 'a.json' });
  });

  it('stops a load that a newer one replaces', async () => {
    const first = useStore.getState().loadInput('slow', 'slow.json');
    await load(ok(1), 'fast.json');
    await first;
    expect(workers[0]!.terminated).toBe(true);
    expect(useStore.getState()).toMatchObject({ transcriptSource: 'fast.json', loadState: 'ready' });
  });

  it('cancelling stops the load and keeps the history on screen', async () => {
    await load(ok(2));
    const cancelled = useStore.getState().loadInput('big', 'big.json');
    useStore.getState().cancelLoad();
    await cancelled;
    expect(workers[1]!.terminated).toBe(true);
    expect(workers[0]!.terminated).toBe(false);
    expect(useStore.getState()).toMatchObject({ loadState: 'ready', loadSource: 'a.json', loadError: null, progress: null });
    expect(useStore.getState().view?.count).toBe(2);
  });

  it('a new history frees the previous one', async () => {
    await load(ok(2));
    await load(ok(3), 'b.json');
    expect(workers[0]!.terminated).toBe(true);
    expect(useStore.getState().session?.view.count).toBe(3);
  });

  it('shows why a load could not read its input', async () => {
    await load(ok(2));
    const unread = useStore.getState().loadInput(new Blob(['[]']), 'gone.json');
    await vi.waitFor(() => expect(workers[1]?.calls.length).toBe(1));
    workers[1]!.fail(new WorkerCallError({ kind: 'read', message: 'The file could not be read.' }));
    await unread;
    expect(useStore.getState()).toMatchObject({ loadState: 'error', loadError: { message: 'The file could not be read.' } });
    expect(workers[1]!.terminated).toBe(true);
    expect(useStore.getState().view?.count).toBe(2);
  });

  it('keeps the format the worker detected when the input is read as another', async () => {
    await load(ok(2, 'openai-chat'), 'odd.json');
    expect(useStore.getState().detectedFormat).toBe('openai-chat');
    const reloaded = useStore.getState().reloadAs('anthropic');
    await vi.waitFor(() => expect(workers[1]?.calls.length).toBe(1));
    // Read as another format, the worker still says what detection picks: that stays marked.
    workers[1]!.finish(ok(2, 'openai-chat'));
    await reloaded;
    expect(useStore.getState().detectedFormat).toBe('openai-chat');
    // A new input brings its own detection, none here.
    await load(ok(1, null), 'b.json');
    expect(useStore.getState().detectedFormat).toBeNull();
  });

  it('reloads the latest input with the format asked for', async () => {
    await load(failed, 'odd.json');
    const reloaded = useStore.getState().reloadAs('openai-chat');
    await vi.waitFor(() => expect(workers[1]?.calls.length).toBe(1));
    expect(workers[1]!.calls[0]?.params).toMatchObject({ name: 'odd.json', format: 'openai-chat' });
    expect((workers[1]!.calls[0]?.params as Params<'import'>).input).toBe((workers[0]!.calls[0]?.params as Params<'import'>).input);
    workers[1]!.finish(ok(1));
    await reloaded;
    expect(useStore.getState().loadState).toBe('ready');
  });

  it('fetches a URL in the worker, resolved against the page', async () => {
    vi.stubGlobal('window', { location: { href: 'https://app.test/msgscope/?src=runs/a.json' } });
    const done = useStore.getState().loadUrl('runs/a.json', 'runs/a.json');
    await vi.waitFor(() => expect(workers[0]?.calls.length).toBe(1));
    expect(workers[0]!.calls[0]?.params).toMatchObject({ input: { url: 'https://app.test/msgscope/runs/a.json' } });
    workers[0]!.finish(ok(1));
    await done;
    vi.unstubAllGlobals();
  });
});

describe('requests to the history on screen', () => {
  it('exports, details and searches through its worker', async () => {
    await expect(useStore.getState().exportAs('anthropic')).rejects.toThrow('No history is loaded.');
    await load(ok(2));
    expect(await useStore.getState().exportAs('anthropic')).toBe('convert answered');
    expect(await useStore.getState().requestDetail(1)).toBe('detail answered');
    useStore.getState().setSearch('hello');
    useStore.getState().runSearch();
    await vi.waitFor(() => expect(useStore.getState().searchHits).toBe('search answered'));
    expect(workers[0]!.calls.at(-1)).toEqual({
      method: 'search',
      params: { query: 'hello', roles: ['system', 'human', 'ai', 'tool', 'other'], facets: { tools: [], severities: [], findings: false, toolErrors: false } },
    });
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../core/model';
import { importInWorker, type LoadOutcome } from './loader';
import { useStore } from './store';
import { testMessage, testTranscript } from './testTranscript';

vi.mock('./loader', () => ({ importInWorker: vi.fn() }));
const importMock = vi.mocked(importInWorker);

const ok = (count: number): ImportResult => ({
  ok: true,
  transcript: testTranscript(Array.from({ length: count }, (_, i) => testMessage(i, 'human'))),
});

/** A worker answer the test releases when it wants. */
function deferred() {
  let resolve: (outcome: LoadOutcome) => void = () => undefined;
  const promise = new Promise<LoadOutcome>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  importMock.mockReset();
  useStore.setState(useStore.getInitialState());
});

describe('loading', () => {
  it('shows a loaded transcript with its source', async () => {
    importMock.mockResolvedValue(ok(3));
    await useStore.getState().loadInput('[...]', 'paste');
    const state = useStore.getState();
    expect(state.loadState).toBe('ready');
    expect(state.transcript?.messages).toHaveLength(3);
    expect(state.transcriptSource).toBe('paste');
  });

  it('keeps the previous transcript on screen when a load fails', async () => {
    importMock.mockResolvedValueOnce(ok(2));
    await useStore.getState().loadInput('good', 'a.json');
    importMock.mockResolvedValueOnce({ ok: false, error: { message: 'Invalid JSON', line: 1, column: 2 } });
    await useStore.getState().loadInput('bad', 'paste');
    const state = useStore.getState();
    expect(state.loadState).toBe('error');
    expect(state.loadSource).toBe('paste');
    expect(state.loadError).toMatchObject({ line: 1, column: 2 });
    expect(state.transcript?.messages).toHaveLength(2);
    expect(state.transcriptSource).toBe('a.json');
  });

  it('dismissing the error returns to the transcript on screen', async () => {
    importMock.mockResolvedValueOnce(ok(2));
    await useStore.getState().loadInput('good', 'a.json');
    importMock.mockResolvedValueOnce({ ok: false, error: { message: 'Invalid JSON' } });
    await useStore.getState().loadInput('bad', 'paste');
    useStore.getState().dismissError();
    expect(useStore.getState()).toMatchObject({ loadState: 'ready', loadError: null, loadSource: 'a.json' });
  });

  it('ignores a load that finishes after a newer one started', async () => {
    const slow = deferred();
    importMock.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(ok(1));
    const first = useStore.getState().loadInput('slow', 'slow.json');
    await useStore.getState().loadInput('fast', 'fast.json');
    slow.resolve(ok(5));
    await first;
    expect(useStore.getState().transcriptSource).toBe('fast.json');
    expect(useStore.getState().transcript?.messages).toHaveLength(1);
  });

  it('clears the selection of the previous transcript', async () => {
    importMock.mockResolvedValue(ok(2));
    useStore.getState().select({ index: 1 });
    useStore.getState().toggleExpanded(1);
    await useStore.getState().loadInput('x', 'paste');
    expect(useStore.getState().selection).toBeNull();
    expect(useStore.getState().expanded.size).toBe(0);
  });
});

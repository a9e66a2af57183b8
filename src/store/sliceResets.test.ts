import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StateCreator } from 'zustand';
import { NO_FACETS } from '../protocol/search';
import type { ImportOutcome, Method } from '../protocol/workerApi';
import { buildCards } from '../worker/cards';
import { buildView } from '../worker/view';
import { createFilterSlice } from './filterSlice';
import { createSelectionSlice } from './selectionSlice';
import type { ViewSession } from './session';
import { useStore, type AppState } from './store';
import { testMessage, testTranscript } from './testing/transcript';
import { createViewSlice } from './viewSlice';
import { spawnWorker, type WorkerClient } from './workerClient';

vi.mock('./workerClient', async (original) => ({ ...(await original<typeof import('./workerClient')>()), spawnWorker: vi.fn() }));

/** The state fields a slice declares (its actions left out), so that a field added later is checked too. */
function fieldsOf(create: StateCreator<AppState, [], [], object>): (keyof AppState)[] {
  const slice = create(useStore.setState, useStore.getState, useStore);
  return Object.entries(slice)
    .filter(([, value]) => typeof value !== 'function')
    .map(([key]) => key as keyof AppState);
}

const SLICES = { selection: createSelectionSlice, view: createViewSlice, filter: createFilterSlice };
/** The user's choices, not the history's: they outlive it. */
const PREFERENCES: (keyof AppState)[] = ['showConnectors', 'hiddenRoles', 'search', 'facets'];

/** Every field of `slice` that a new history starts afresh, as it is now and as the page started. */
function historyFields(slice: keyof typeof SLICES) {
  const fields = fieldsOf(SLICES[slice]).filter((field) => !PREFERENCES.includes(field));
  const pick = (state: AppState) => Object.fromEntries(fields.map((field) => [field, (state as unknown as Record<string, unknown>)[field]]));
  return { now: pick(useStore.getState()), initial: pick(useStore.getInitialState()) };
}

/** Workers whose every call answers at once: an import with a history of `count` messages. */
function workersAnswering(count: number) {
  const calls: { method: Method; worker: number }[] = [];
  let spawned = 0;
  vi.mocked(spawnWorker).mockImplementation(() => {
    const worker = spawned++;
    return {
      call: (method: Method) => {
        calls.push({ method, worker });
        if (method === 'search') return Promise.resolve({ kind: 'hits', hits: Int32Array.from([worker]), complete: true, scanned: count, ms: 0 });
        const transcript = testTranscript(Array.from({ length: count }, (_, i) => testMessage(i, 'ai')));
        const outcome: ImportOutcome = { ok: true, view: buildView(transcript), cards: buildCards(transcript, [0]), detectedFormat: 'test' };
        return Promise.resolve(outcome);
      },
      terminate: () => undefined,
    } as unknown as WorkerClient;
  });
  return calls;
}

/** Leaves something of the history on screen in every slice. */
function touchEverySlice(): void {
  const state = useStore.getState();
  state.jumpTo({ index: 2, toolCallId: 'call_1', related: [1] });
  state.hoverToolCall('call_1');
  state.toggleExpanded(2);
  state.setShowConnectors(false);
  state.toggleRole('tool');
  useStore.setState({
    search: 'weather',
    searchHits: Int32Array.from([2]),
    searchPattern: /weather/g,
    searchError: 'old',
    searchStopped: { scanned: 1, total: 4 },
  });
}

beforeEach(() => {
  useStore.setState(useStore.getInitialState());
});

describe('each slice resets its own state', () => {
  it('selection: nothing selected, hovered or waiting to scroll', () => {
    touchEverySlice();
    useStore.getState().resetSelection();
    const { now, initial } = historyFields('selection');
    expect(now).toEqual(initial);
  });

  it('view: every card collapsed; the connectors stay as the user set them', () => {
    touchEverySlice();
    useStore.getState().resetView();
    const { now, initial } = historyFields('view');
    expect(now).toEqual(initial);
    expect(useStore.getState().showConnectors).toBe(false);
  });

  it('filter: the hits go at once and the search runs again; the search text and hidden roles stay', () => {
    // A worker that has not answered yet: the old history's hits must not wait for it.
    const search = vi.fn(() => new Promise<never>(() => undefined));
    useStore.setState({ session: { search } as unknown as ViewSession });
    touchEverySlice();
    useStore.getState().resetFilter();
    const { now, initial } = historyFields('filter');
    // Busy: the new search is asked at once.
    expect({ ...now, searchBusy: false }).toEqual(initial);
    expect(now.searchBusy).toBe(true);
    expect(search).toHaveBeenCalledWith({ query: 'weather', roles: ['system', 'human', 'ai', 'other'], facets: NO_FACETS });
    expect(useStore.getState()).toMatchObject({ search: 'weather', hiddenRoles: ['tool'] });
  });
});

describe('loading a second history', () => {
  it('leaves no state of the first in any slice, and searches the new one', async () => {
    const calls = workersAnswering(4);
    await useStore.getState().loadInput('[]', 'a.json');
    touchEverySlice();
    await useStore.getState().loadInput('[]', 'b.json');
    for (const slice of Object.keys(SLICES) as (keyof typeof SLICES)[]) {
      const { now, initial } = historyFields(slice);
      if (slice === 'filter') {
        // The search runs again, in the new history's worker.
        expect(calls.at(-1)).toEqual({ method: 'search', worker: 1 });
        await vi.waitFor(() => expect([...(useStore.getState().searchHits ?? [])]).toEqual([1]));
        // What the new worker answered is all that is left (the same text, so the same pattern to mark).
        expect({ ...now, searchHits: null, searchPattern: null }).toEqual(initial);
      } else {
        expect(now, slice).toEqual(initial);
      }
    }
  });
});

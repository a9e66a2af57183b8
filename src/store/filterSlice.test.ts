import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer, SearchParams } from '../protocol/search';
import type { ViewSession } from './session';
import { useStore } from './store';
import { testMessage, testView } from './testing/transcript';

/** A session whose searches answer when the test says, in any order. */
function fakeSession() {
  const answers: (SearchParams & { answer: (hits: number[], complete?: boolean) => void; refuse: (message: string) => void })[] = [];
  const session = {
    view: { count: 10 },
    search: vi.fn(
      (params: SearchParams) =>
        new Promise<SearchAnswer>((resolve) =>
          answers.push({
            ...params,
            answer: (hits, complete = true) => resolve({ kind: 'hits', hits: Int32Array.from(hits), complete, scanned: complete ? 10 : 4, ms: 1 }),
            refuse: (message) => resolve({ kind: 'invalid', message }),
          }),
        ),
    ),
  };
  useStore.setState({ session: session as unknown as ViewSession });
  return answers;
}

beforeEach(() => {
  useStore.setState(useStore.getInitialState());
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('search', () => {
  it('asks the worker once typing pauses, and keeps only the latest answer', async () => {
    const answers = fakeSession();
    useStore.getState().setSearch('lat');
    useStore.getState().setSearch('latency');
    expect(answers).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(answers.map((a) => a.query)).toEqual(['latency']);
    useStore.getState().setSearch('latencies');
    vi.advanceTimersByTime(200);
    answers[1]!.answer([7]);
    answers[0]!.answer([1, 2, 3]);
    await vi.waitFor(() => expect([...(useStore.getState().searchHits ?? [])]).toEqual([7]));
  });

  it('clears at once, and searches the roles shown', async () => {
    const answers = fakeSession();
    useStore.getState().toggleRole('tool');
    useStore.getState().setSearch('x');
    vi.advanceTimersByTime(200);
    expect(answers[0]?.roles).toEqual(['system', 'human', 'ai', 'other']);
    answers[0]!.answer([1]);
    await vi.waitFor(() => expect(useStore.getState().searchHits).not.toBeNull());
    useStore.getState().setSearch('');
    expect(useStore.getState().searchHits).toBeNull();
  });

  it('searches again when a role is shown or hidden', () => {
    const answers = fakeSession();
    useStore.getState().setSearch('x');
    vi.advanceTimersByTime(200);
    useStore.getState().toggleRole('ai');
    expect(answers.map((a) => a.roles.includes('ai'))).toEqual([true, false]);
  });

  it('keeps the pattern to highlight with once the worker has answered, not when it ran out of time', async () => {
    const answers = fakeSession();
    useStore.getState().setSearch('/we(a)ther/i');
    vi.advanceTimersByTime(200);
    expect(useStore.getState().searchBusy).toBe(true);
    answers[0]!.answer([2]);
    await vi.waitFor(() => expect(useStore.getState().searchPattern?.source).toBe('we(a)ther'));
    expect(useStore.getState()).toMatchObject({ searchBusy: false, searchStopped: null, searchError: null });
    useStore.getState().setSearch('/slow/');
    vi.advanceTimersByTime(200);
    answers[1]!.answer([1], false);
    await vi.waitFor(() => expect(useStore.getState().searchStopped).toEqual({ scanned: 4, total: 10 }));
    expect(useStore.getState().searchPattern).toBeNull();
    expect([...(useStore.getState().searchHits ?? [])]).toEqual([1]);
  });

  it('says why a pattern cannot run without asking the worker, and leaves the matches before it on screen', async () => {
    const answers = fakeSession();
    useStore.getState().setSearch('paris');
    vi.advanceTimersByTime(200);
    answers[0]!.answer([4]);
    await vi.waitFor(() => expect(useStore.getState().searchHits).not.toBeNull());
    useStore.getState().setSearch('/(paris/');
    vi.advanceTimersByTime(200);
    expect(answers).toHaveLength(1);
    expect(useStore.getState().searchError).toBe('Invalid regular expression: Unterminated group');
    expect([...(useStore.getState().searchHits ?? [])]).toEqual([4]);
    useStore.getState().setSearch('/(paris)/');
    vi.advanceTimersByTime(200);
    expect(useStore.getState().searchError).toBeNull();
  });

  it('searches with the facets alone, at once, and clears them with the rest', async () => {
    const answers = fakeSession();
    useStore.getState().setFacets({ toolErrors: true });
    expect(answers.map((a) => [a.query, a.facets.toolErrors])).toEqual([['', true]]);
    answers[0]!.answer([3]);
    await vi.waitFor(() => expect(useStore.getState().searchHits).not.toBeNull());
    // Without text there is nothing to mark.
    expect(useStore.getState().searchPattern).toBeNull();
    useStore.getState().setFacets({ tools: ['read_file'] });
    expect(answers[1]?.facets).toEqual({ tools: ['read_file'], severities: [], findings: false, toolErrors: true });
    useStore.getState().clearFilters();
    expect(useStore.getState()).toMatchObject({ searchHits: null, facets: { tools: [], toolErrors: false } });
  });
});

describe('next and previous match', () => {
  it('select and scroll to the match after or before the selection, round the ends, among the roles shown', () => {
    const view = testView([0, 1, 2, 3, 4, 5].map((i) => testMessage(i, i === 4 ? 'tool' : 'ai')));
    useStore.setState({ view, searchHits: Int32Array.from([1, 4, 5]) });
    const step = (direction: 1 | -1) => {
      useStore.getState().stepSearch(direction);
      return [useStore.getState().selection?.index, useStore.getState().scrollRequest?.index];
    };
    expect(step(1)).toEqual([1, 1]);
    expect(step(1)).toEqual([4, 4]);
    expect(step(-1)).toEqual([1, 1]);
    expect(step(-1)).toEqual([5, 5]);
    useStore.setState({ hiddenRoles: ['tool'] });
    expect(step(-1)).toEqual([1, 1]);
    expect(step(1)).toEqual([5, 5]);
  });

  it('do nothing without a search', () => {
    useStore.setState({ view: testView([testMessage(0, 'ai')]) });
    useStore.getState().stepSearch(1);
    expect(useStore.getState().selection).toBeNull();
  });
});

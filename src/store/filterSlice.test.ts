import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewSession } from './session';
import { useStore } from './store';

/** A session whose searches answer when the test says, in any order. */
function fakeSession() {
  const answers: { query: string; roles: string[]; answer: (hits: number[]) => void }[] = [];
  const session = {
    search: vi.fn(
      (query: string, roles: string[]) =>
        new Promise<Int32Array>((resolve) => answers.push({ query, roles, answer: (hits) => resolve(Int32Array.from(hits)) })),
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
});

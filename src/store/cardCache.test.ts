import { describe, expect, it, vi } from 'vitest';
import type { Card } from '../protocol/workerApi';
import { CardCache } from './cardCache';

const card = (index: number): Card => ({ index, sourceType: 'human', text: '', textLength: 0, contentKinds: [], calls: [] });
const fetchCards = vi.fn((indices: number[]) => Promise.resolve(indices.map(card)));

describe('CardCache', () => {
  it('fetches only what it lacks, once while in flight, and tells its subscribers when cards arrive', async () => {
    fetchCards.mockClear();
    const cache = new CardCache(fetchCards, [card(0)]);
    const arrived = vi.fn();
    cache.subscribe(arrived);
    cache.ensure([0, 1, 2]);
    cache.ensure([2, 3]);
    expect(fetchCards.mock.calls).toEqual([[[1, 2]], [[3]]]);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledTimes(2));
    expect(cache.get(3)?.index).toBe(3);
  });

  it('stops telling a subscriber that unsubscribed', async () => {
    const cache = new CardCache(fetchCards);
    const kept = vi.fn();
    const gone = vi.fn();
    cache.subscribe(kept);
    cache.subscribe(gone)();
    cache.ensure([1]);
    await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(1));
    expect(gone).not.toHaveBeenCalled();
  });

  it('drops the least recently used cards past its limit', async () => {
    const cache = new CardCache(fetchCards, [card(0), card(1)], 3);
    const arrived = vi.fn();
    cache.subscribe(arrived);
    cache.ensure([0]);
    cache.ensure([2, 3]);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalled());
    expect([0, 1, 2, 3].map((i) => cache.get(i) !== undefined)).toEqual([true, false, true, true]);
  });

  it('asks again after a failed fetch', async () => {
    const failing = vi.fn(async (): Promise<Card[]> => Promise.reject(new Error('stopped')));
    const cache = new CardCache(failing);
    cache.ensure([5]);
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.ensure([5]);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

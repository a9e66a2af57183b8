import { describe, expect, it, vi } from 'vitest';
import type { Card } from '../protocol/workerApi';
import { CardCache } from './cardCache';

const card = (index: number): Card => ({ index, sourceType: 'human', text: '', textLength: 0, contentKinds: [], calls: [] });
const fetchCards = vi.fn(async (indices: number[]) => indices.map(card));

describe('CardCache', () => {
  it('fetches only what it lacks, once while in flight, and says when cards arrive', async () => {
    fetchCards.mockClear();
    const onLoad = vi.fn();
    const cache = new CardCache(fetchCards, onLoad, [card(0)]);
    cache.ensure([0, 1, 2]);
    cache.ensure([2, 3]);
    expect(fetchCards.mock.calls).toEqual([[[1, 2]], [[3]]]);
    await vi.waitFor(() => expect(onLoad).toHaveBeenCalledTimes(2));
    expect(cache.get(3)?.index).toBe(3);
  });

  it('drops the least recently used cards past its limit', async () => {
    const onLoad = vi.fn();
    const cache = new CardCache(fetchCards, onLoad, [card(0), card(1)], 3);
    cache.ensure([0]);
    cache.ensure([2, 3]);
    await vi.waitFor(() => expect(onLoad).toHaveBeenCalled());
    expect([0, 1, 2, 3].map((i) => cache.get(i) !== undefined)).toEqual([true, false, true, true]);
  });

  it('asks again after a failed fetch', async () => {
    const failing = vi.fn(async (): Promise<Card[]> => Promise.reject(new Error('stopped')));
    const cache = new CardCache(failing, () => undefined);
    cache.ensure([5]);
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.ensure([5]);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

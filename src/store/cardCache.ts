import type { Card } from '../protocol/workerApi';

/** Cards kept on the page; enough for several screens either way, small next to the history. */
export const CARD_CACHE_SIZE = 4000;

/**
 * Timeline cards fetched from the worker as the user scrolls. Least recently used cards are dropped
 * beyond `limit`; a card asked for twice while in flight is requested once. Subscribers hear of every
 * arrival (and the drops it caused), as useSyncExternalStore expects of a store.
 */
export class CardCache {
  private readonly cards = new Map<number, Card>();
  private readonly inFlight = new Set<number>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly fetchCards: (indices: number[]) => Promise<Card[]>,
    initial: readonly Card[] = [],
    private readonly limit = CARD_CACHE_SIZE,
  ) {
    for (const card of initial) this.cards.set(card.index, card);
  }

  get(index: number): Card | undefined {
    return this.cards.get(index);
  }

  /** Calls `listener` whenever cards arrived; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Fetches the cards of `indices` not yet here; the rows being drawn come first in `indices`. */
  ensure(indices: Iterable<number>): void {
    const missing: number[] = [];
    for (const index of indices) {
      const card = this.cards.get(index);
      if (card) {
        // Most recently used last: Map keeps insertion order.
        this.cards.delete(index);
        this.cards.set(index, card);
      } else if (!this.inFlight.has(index)) {
        missing.push(index);
        this.inFlight.add(index);
      }
    }
    if (missing.length === 0) return;
    this.fetchCards(missing).then(
      (cards) => {
        for (const index of missing) this.inFlight.delete(index);
        for (const card of cards) this.cards.set(card.index, card);
        for (const index of this.cards.keys()) {
          if (this.cards.size <= this.limit) break;
          this.cards.delete(index);
        }
        for (const listener of this.listeners) listener();
      },
      // A stopped worker (a newer history replaced this one) has nothing more to send.
      () => {
        for (const index of missing) this.inFlight.delete(index);
      },
    );
  }
}

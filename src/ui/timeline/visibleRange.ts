import { useSyncExternalStore } from 'react';

/** The messages inside the timeline's viewport, first and last; chips compare their link's far end with it. */
export interface VisibleRange {
  first: number;
  last: number;
}

// The timeline's own transient state, not the page's: written on every scroll frame and read only by what is
// drawn beside the rows. In the app store, each frame would run every component's store selectors.
let range: VisibleRange = { first: 0, last: -1 };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the timeline when the messages in its viewport change. */
export function setVisibleRange(next: VisibleRange): void {
  if (next.first === range.first && next.last === range.last) return;
  range = next;
  for (const listener of listeners) listener();
}

export function useVisibleRange(): VisibleRange {
  return useSyncExternalStore(subscribe, () => range);
}

/** Where message `index` is relative to the viewport. */
export function useOffscreen(index: number | undefined): 'above' | 'below' | null {
  return useSyncExternalStore(subscribe, () => {
    if (index === undefined || range.last < range.first) return null;
    return index < range.first ? 'above' : index > range.last ? 'below' : null;
  });
}

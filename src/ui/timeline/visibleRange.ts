import { create } from 'zustand';

/** The messages inside the timeline's viewport, first and last; chips compare their link's far end with it. */
interface VisibleRange {
  first: number;
  last: number;
}

export const useVisibleRange = create<VisibleRange>()(() => ({ first: 0, last: -1 }));

/** Where message `index` is relative to the viewport. */
export function useOffscreen(index: number | undefined): 'above' | 'below' | null {
  return useVisibleRange((range) => {
    if (index === undefined || range.last < range.first) return null;
    return index < range.first ? 'above' : index > range.last ? 'below' : null;
  });
}

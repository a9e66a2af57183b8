import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export interface ViewSlice {
  /** Messages whose full text the timeline card shows; kept here because virtualized cards unmount. */
  expanded: ReadonlySet<number>;
  showConnectors: boolean;
  toggleExpanded: (index: number) => void;
  setShowConnectors: (show: boolean) => void;
  /** For a new history: every card collapsed. Whether connectors show is the user's choice, and stays. */
  resetView: () => void;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => ({
  expanded: new Set(),
  showConnectors: true,
  toggleExpanded: (index) => {
    const expanded = new Set(get().expanded);
    if (!expanded.delete(index)) expanded.add(index);
    set({ expanded });
  },
  setShowConnectors: (showConnectors) => set({ showConnectors }),
  resetView: () => set({ expanded: new Set() }),
});

import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** The side column's tabs: the findings, and the provider verdicts (*Providers*). */
export const SIDE_TABS = ['findings', 'verdicts'] as const;
export type SideTab = (typeof SIDE_TABS)[number];

export interface ViewSlice {
  /** The side column's open tab; the user's choice, kept across histories, and in the address (`#tab=`). */
  sideTab: SideTab;
  setSideTab: (tab: SideTab) => void;
  /** Messages whose full text the timeline card shows; kept here because virtualized cards unmount. */
  expanded: ReadonlySet<number>;
  showConnectors: boolean;
  toggleExpanded: (index: number) => void;
  setShowConnectors: (show: boolean) => void;
  /** For a new history: every card collapsed. Whether connectors show is the user's choice, and stays. */
  resetView: () => void;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => ({
  sideTab: 'findings',
  setSideTab: (sideTab) => set({ sideTab }),
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

import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** The side column's tabs: the findings, and the provider verdicts (*Providers*). */
export const SIDE_TABS = ['findings', 'verdicts'] as const;
export type SideTab = (typeof SIDE_TABS)[number];

/** The centre column's views of the run: message by message, as tables, and its tokens and cost. */
export const MAIN_VIEWS = ['timeline', 'table', 'tools', 'tokens'] as const;
export type MainView = (typeof MAIN_VIEWS)[number];

export interface ViewSlice {
  /** The side column's open tab; the user's choice, kept across histories, and in the address (`#tab=`). */
  sideTab: SideTab;
  setSideTab: (tab: SideTab) => void;
  /** The centre column's view; the user's choice, kept across histories, and in the address (`#view=`). */
  mainView: MainView;
  setMainView: (view: MainView) => void;
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
  mainView: 'timeline',
  setMainView: (mainView) => set({ mainView }),
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

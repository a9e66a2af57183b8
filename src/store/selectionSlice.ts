import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** The selected message, plus what selected it when that narrows what to highlight. */
export interface Selection {
  index: number;
  /** The one link to highlight (a clicked chip or finding); otherwise every link of the message is. */
  toolCallId?: string;
  /** Other messages to highlight, e.g. those a finding concerns. */
  related?: number[];
}

export interface ScrollRequest {
  index: number;
  /** `center` for jumps across the timeline; `auto` scrolls only as far as needed (stepping with the keyboard); `start`/`end` for the ends of the run. */
  align: 'center' | 'auto' | 'start' | 'end';
}

export interface SelectionSlice {
  selection: Selection | null;
  hoverToolCallId: string | null;
  /** A message the timeline should scroll into view; the timeline clears it once done. */
  scrollRequest: ScrollRequest | null;
  select: (selection: Selection | null) => void;
  /** Selects the message and scrolls the timeline to it. */
  jumpTo: (selection: Selection, align?: ScrollRequest['align']) => void;
  /** Scrolls to a message without selecting it. */
  scrollTo: (index: number, align: ScrollRequest['align']) => void;
  hoverToolCall: (id: string | null) => void;
  scrollDone: () => void;
  /** For a new history: nothing selected, hovered or waiting to scroll (they named messages of the old one). */
  resetSelection: () => void;
}

const initial = { selection: null, hoverToolCallId: null, scrollRequest: null } satisfies Partial<SelectionSlice>;

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set) => ({
  ...initial,
  select: (selection) => set({ selection }),
  jumpTo: (selection, align = 'center') => set({ selection, scrollRequest: { index: selection.index, align } }),
  scrollTo: (index, align) => set({ scrollRequest: { index, align } }),
  hoverToolCall: (id) => set({ hoverToolCallId: id }),
  scrollDone: () => set({ scrollRequest: null }),
  resetSelection: () => set(initial),
});

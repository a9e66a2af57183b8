import type { StateCreator } from 'zustand';
import type { Selection } from './highlight';
import type { AppState } from './store';

export interface ScrollRequest {
  index: number;
  /** `center` for jumps across the timeline; `auto` scrolls only as far as needed (stepping with the keyboard). */
  align: 'center' | 'auto';
}

export interface SelectionSlice {
  selection: Selection | null;
  hoverToolCallId: string | null;
  /** A message the timeline should scroll into view; the timeline clears it once done. */
  scrollRequest: ScrollRequest | null;
  select(selection: Selection | null): void;
  /** Selects the message and scrolls the timeline to it. */
  jumpTo(selection: Selection, align?: ScrollRequest['align']): void;
  hoverToolCall(id: string | null): void;
  scrollDone(): void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set) => ({
  selection: null,
  hoverToolCallId: null,
  scrollRequest: null,
  select: (selection) => set({ selection }),
  jumpTo: (selection, align = 'center') =>
    set({ selection, scrollRequest: { index: selection.index, align } }),
  hoverToolCall: (id) => set({ hoverToolCallId: id }),
  scrollDone: () => set({ scrollRequest: null }),
});

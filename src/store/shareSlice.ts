import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** How the user shares the history on screen: a link carrying it, a single HTML file, or a short link on a share server. */
export type ShareAction = 'link' | 'html' | 'short';

/** A share the user started; the share dialog walks it through its steps (secrets first). */
export interface ShareRequest {
  action: ShareAction;
  /** The message the link selects when it is not the selected one (*Copy link to this message*). */
  message?: number;
  /** Counts requests, so that starting the same share again starts it afresh. */
  id: number;
}

export interface ShareSlice {
  shareRequest: ShareRequest | null;
  requestShare: (action: ShareAction, message?: number) => void;
  endShare: () => void;
}

export const createShareSlice: StateCreator<AppState, [], [], ShareSlice> = (set, get) => ({
  shareRequest: null,
  requestShare: (action, message) => set({ shareRequest: { action, ...(message !== undefined && { message }), id: (get().shareRequest?.id ?? 0) + 1 } }),
  endShare: () => set({ shareRequest: null }),
});

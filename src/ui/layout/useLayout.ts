import { useSyncExternalStore } from 'react';
import { paneLayout, subscribePaneLayout, type PaneLayout } from './paneLayout';
import { openSheet, subscribeSheet, type Sheet } from './sheet';

/**
 * Below this width the columns stack: the centre column alone, the findings and the detail as sheets opened over it.
 * layout.css writes the same width in its @media rules.
 */
export const STACKED_QUERY = '(width < 900px)';

let media: MediaQueryList | undefined;
const stackedMedia = (): MediaQueryList => (media ??= window.matchMedia(STACKED_QUERY));
const subscribeStacked = (listener: () => void): (() => void) => {
  const list = stackedMedia();
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
};

/** Whether the window is narrow enough that the columns stack. */
export const isStacked = (): boolean => stackedMedia().matches;

export function useStacked(): boolean {
  return useSyncExternalStore(subscribeStacked, isStacked, isStacked);
}

export function usePaneLayout(): PaneLayout {
  return useSyncExternalStore(subscribePaneLayout, paneLayout, paneLayout);
}

export function useOpenSheet(): Sheet | null {
  return useSyncExternalStore(subscribeSheet, openSheet, openSheet);
}

import { useSyncExternalStore } from 'react';
import { subscribeTheme, themeState, type ThemeState } from './applyTheme';

/** The theme choice and the theme in effect; canvases read their colours again when it changes. */
export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribeTheme, themeState, themeState);
}

// The theme in effect, on <html data-theme="light|dark"> (theme.css keys its dark values to it). main.tsx imports this
// module first, so the attribute is set before the app's first render: the page's policy allows no inline script
// that could set it even earlier (index.html's Content-Security-Policy), and theme.css covers the frames before with
// the system's background. No React here: the entry chunk stays without it.
import { parsePreference, resolveTheme, THEME_KEY, type Theme, type ThemePreference } from './themePreference';

export interface ThemeState {
  preference: ThemePreference;
  theme: Theme;
}

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
const media = window.matchMedia(SYSTEM_DARK);

function readPreference(): ThemePreference {
  try {
    return parsePreference(localStorage.getItem(THEME_KEY));
  } catch {
    // Storage off: the system's theme, and a choice kept for this page only.
    return 'system';
  }
}

let state: ThemeState = { preference: readPreference(), theme: 'light' };

function apply(preference: ThemePreference): void {
  const theme = resolveTheme(preference, media.matches);
  document.documentElement.dataset.theme = theme;
  if (theme === state.theme && preference === state.preference) return;
  state = { preference, theme };
  for (const listener of listeners) listener();
}

/** The choice and the theme it gives; the same object until either changes. */
export const themeState = (): ThemeState => state;

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, preference);
  } catch {
    // Kept for this page only.
  }
  apply(preference);
}

apply(state.preference);
// The system's theme changes (at dusk, or in its settings): followed when the choice is "system".
media.addEventListener('change', () => apply(state.preference));
// Another tab of this app changed the choice.
window.addEventListener('storage', (event) => {
  if (event.key === THEME_KEY || event.key === null) apply(readPreference());
});

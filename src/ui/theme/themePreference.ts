// The user's theme choice and the theme it puts in effect. Pure, so that the entry's first module and the tests share it.

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

/** Where the choice is kept in this browser (localStorage). */
export const THEME_KEY = 'msgscope.theme';

/** What the stored text says; anything else (nothing, another version's value, a hand edit) follows the system. */
export function parsePreference(stored: unknown): ThemePreference {
  return THEME_PREFERENCES.find((preference) => preference === stored) ?? 'system';
}

/** The theme in effect: the user's choice, else the system's (prefers-color-scheme). */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

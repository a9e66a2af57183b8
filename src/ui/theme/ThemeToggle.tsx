import { useRef, type KeyboardEvent } from 'react';
import { setThemePreference } from './applyTheme';
import { THEME_PREFERENCES, type ThemePreference } from './themePreference';
import { useTheme } from './useTheme';

const CHOICES: Record<ThemePreference, { mark: string; label: string }> = {
  system: { mark: '◐', label: 'Theme as the system’s' },
  light: { mark: '☀', label: 'Light theme' },
  dark: { mark: '☾', label: 'Dark theme' },
};

/**
 * System, light or dark, kept in this browser; *System* follows the system's setting as it changes. A radio group
 * (WAI-ARIA's pattern: one Tab stop, the arrow keys move the choice).
 */
export function ThemeToggle() {
  const { preference, theme } = useTheme();
  const group = useRef<HTMLDivElement>(null);
  const choose = (next: ThemePreference, focus: boolean): void => {
    setThemePreference(next);
    if (focus) group.current?.querySelector<HTMLElement>(`[data-preference="${next}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const at = THEME_PREFERENCES.indexOf(preference);
    choose(THEME_PREFERENCES[(at + step + THEME_PREFERENCES.length) % THEME_PREFERENCES.length]!, true);
  };
  return (
    <div
      ref={group}
      className="theme-toggle"
      role="radiogroup"
      aria-label="Theme"
      data-testid="theme-toggle"
      data-preference={preference}
      data-theme={theme}
      onKeyDown={onKeyDown}
    >
      {THEME_PREFERENCES.map((id) => (
        <button
          key={id}
          type="button"
          role="radio"
          aria-checked={id === preference}
          aria-label={CHOICES[id].label}
          title={id === 'system' ? `${CHOICES[id].label} (${theme} now)` : CHOICES[id].label}
          tabIndex={id === preference ? 0 : -1}
          data-preference={id}
          onClick={() => choose(id, false)}
        >
          <span aria-hidden="true">{CHOICES[id].mark}</span>
        </button>
      ))}
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { parsePreference, resolveTheme } from './themePreference';

describe('the theme preference', () => {
  it('reads what was stored, and follows the system for anything else', () => {
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference('light')).toBe('light');
    expect(parsePreference('system')).toBe('system');
    for (const stored of [null, undefined, '', 'Dark', 'blue', 1, {}]) expect(parsePreference(stored)).toBe('system');
  });

  it('puts the choice in effect, or the system’s theme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

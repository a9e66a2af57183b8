import type { Page } from '@playwright/test';

/** What a focus stop is and how its outline is drawn: what the focus tests compare with the theme's accent. */
export interface Stop {
  region: 'findings' | 'centre' | 'detail' | 'other';
  /** Which element, for the failure message: its test id, role or tag. */
  what: string;
  timeline: boolean;
  detail: boolean;
  /** A pane's resize handle: the one stop marked by an accent bar instead (src/ui/layout/layout.css). */
  separator: boolean;
  background: string;
  style: string;
  width: number;
  color: string;
  accent: string;
}

/** Where the focus is now and how its outline is drawn, or null when it is on the body. */
export async function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const region = active.closest('.findings-panel')
      ? 'findings'
      : active.closest('.main-column')
        ? 'centre'
        : active.closest('[data-testid=detail]')
          ? 'detail'
          : 'other';
    // The theme's accent as a computed colour, to compare with the outline's.
    const probe = document.createElement('span');
    probe.style.color = 'var(--accent)';
    document.body.append(probe);
    const accent = getComputedStyle(probe).color;
    probe.remove();
    const style = getComputedStyle(active);
    const testId = active.getAttribute('data-testid');
    const role = active.getAttribute('role');
    const tag = `${active.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${role ? `[role=${role}]` : ''}`;
    const what = `${tag} "${active.textContent.trim().slice(0, 30)}"`;
    return {
      region,
      what,
      timeline: active.matches('[data-testid=timeline]'),
      detail: active.matches('[data-testid=detail]'),
      separator: active.matches('[data-testid=pane-resize]'),
      background: style.backgroundImage,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      accent,
    } satisfies Stop;
  });
}

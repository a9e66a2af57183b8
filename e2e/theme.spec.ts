import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message } from './helpers';

// Dark mode: html[data-theme] is the theme in effect, the system's (prefers-color-scheme) unless the toggle says
// otherwise; the choice is kept in this browser. docs/page-hooks.md, "Layout and theme".

/** Relative luminance of a computed `rgb(…)` colour: near 0 is dark, near 1 light. */
async function luminance(page: Page, selector: string): Promise<number> {
  const color = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      // The first ancestor-or-self with a background of its own.
      for (let at: Element | null = element; at; at = at.parentElement) {
        const background = getComputedStyle(at).backgroundColor;
        if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') return background;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    });
  const [r, g, b] = (/rgba?\((\d+), (\d+), (\d+)/.exec(color) ?? []).slice(1).map(Number);
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
}

const html = (page: Page) => page.locator('html');
const choose = (page: Page, preference: 'system' | 'light' | 'dark') => page.getByTestId('theme-toggle').locator(`[data-preference=${preference}]`).click();

test.describe('a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('gets the dark theme: dark page, panels and cards', async ({ page }) => {
    await open(page);
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-preference', 'system');
    for (const selector of ['body', '.header', '.findings-panel', '[data-testid=timeline]', '[data-testid=message]', '.detail-panel']) {
      expect(await luminance(page, selector), selector).toBeLessThan(0.05);
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  });

  test('a native select is dark too (Chromium draws its own mid-grey face unless the page styles it)', async ({ page }) => {
    await open(page);
    await page.getByTestId('repair-open').click();
    const select = page.getByTestId('repair-target');
    await expect(select).toBeVisible();
    expect(await luminance(page, '[data-testid=repair-target]')).toBeLessThan(0.05);
  });

  test('the toggle overrides it, and the choice is kept after a reload', async ({ page }) => {
    await open(page);
    await choose(page, 'light');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('theme-toggle').locator('[aria-checked=true]')).toHaveAttribute('data-preference', 'light');
    expect(await luminance(page, '[data-testid=message]')).toBeGreaterThan(0.8);
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-preference', 'light');
    expect(await luminance(page, 'body')).toBeGreaterThan(0.8);
    // Back to the system's.
    await choose(page, 'system');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('the theme is set before the app first draws anything', async ({ page }) => {
    // Recorded from the first script the page runs: the theme on <html> when #root first gets content.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { themeAtFirstContent: (string | null)[] }).themeAtFirstContent = seen;
      new MutationObserver((_records, observer) => {
        const root = document.getElementById('root');
        if (root && root.childElementCount > 0) {
          seen.push(document.documentElement.getAttribute('data-theme'));
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await open(page);
    expect(await page.evaluate(() => (window as unknown as { themeAtFirstContent: string[] }).themeAtFirstContent)).toEqual(['dark']);
  });
});

test.describe('a light system', () => {
  test.use({ colorScheme: 'light' });

  test('gets the light theme, and follows the system when it turns dark', async ({ page }) => {
    await open(page);
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await luminance(page, '[data-testid=message]')).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await luminance(page, '[data-testid=message]')).toBeLessThan(0.05);
    // A choice of its own stays whatever the system does.
    await choose(page, 'light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle is a radio group the arrow keys move', async ({ page }) => {
    await open(page);
    await page.getByTestId('theme-toggle').locator('[aria-checked=true]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-preference', 'light');
    await page.keyboard.press('ArrowRight');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('theme-toggle').locator('[data-preference=dark]')).toBeFocused();
  });

  test('the canvases draw again in the new theme: the overview strip and the context chart', async ({ page }) => {
    await open(page);
    await page.getByTestId('file-input').setInputFiles(fixturePath('real/codemie-code/claude-code-4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl'));
    await expectLoaded(page, 'claude-code-4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl', 16);
    await expect(message(page, 0)).toBeVisible();
    const pixels = (selector: string) => page.locator(selector).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
    // Drawn while the theme changes, not only when next shown.
    const overview = await pixels('.overview-canvas');
    await choose(page, 'dark');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => pixels('.overview-canvas')).not.toBe(overview);

    await page.locator('[data-testid=view-switch] [data-view=tokens]').click();
    await expect(page.getByTestId('context-chart').locator('canvas')).toBeVisible();
    const dark = await pixels('[data-testid=context-chart] canvas');
    expect(await luminance(page, '[data-testid=context-chart]')).toBeLessThan(0.05);
    await choose(page, 'light');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => pixels('[data-testid=context-chart] canvas')).not.toBe(dark);
    expect(await luminance(page, '[data-testid=context-chart]')).toBeGreaterThan(0.8);
  });
});

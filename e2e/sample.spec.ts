import { expect, test } from '@playwright/test';
import { message, openApp } from './helpers';

test('first open shows the built-in sample with its format and token totals', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
  await expect(page.getByTestId('format')).not.toBeEmpty();
  const totals = page.getByTestId('token-total');
  await expect(totals).toHaveAttribute('data-input', '2201');
  await expect(totals).toHaveAttribute('data-output', '129');
  await expect(totals).toHaveAttribute('data-total', '2330');
  await expect(message(page, 0)).toHaveAttribute('data-role', 'system');
  await expect(message(page, 4)).toBeVisible();
});

test('the page names its render chunk for preloading, so it downloads beside the entry', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await openApp(page);
  // Among the entry's preloads (the bundler's own runtime helpers, which the lazily loaded chunks share, come first).
  const href = await page.locator('link[rel=modulepreload][href*="/assets/render-"]').getAttribute('href');
  expect(href).toMatch(/\/assets\/render-[\w-]+\.js$/);
  // The chunk preloaded is the one the app renders with, not a stale name.
  expect(requested).toContain(href);
});

test('the keyboard steps through the timeline: arrows and j/k select the next and previous message', async ({ page }) => {
  await openApp(page);
  const timeline = page.getByTestId('timeline');
  await timeline.focus();
  await page.keyboard.press('ArrowDown');
  await expect(message(page, 0)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  await expect(message(page, 2)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '2');
  await page.keyboard.press('k');
  await expect(message(page, 1)).toHaveAttribute('data-selected', 'true');
  await expect(message(page, 2)).not.toHaveAttribute('data-selected', 'true');
});

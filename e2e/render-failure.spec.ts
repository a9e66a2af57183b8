import { expect, test } from '@playwright/test';

// React and the app come in the render chunk, which the entry imports once the worker has started.
test('a render chunk that fails to load shows why on the page instead of leaving it blank', async ({ page }) => {
  await page.route(/\/assets\/render-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
  await page.goto('/');
  const failure = page.getByTestId('render-failure');
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('heading')).toHaveText('msgscope could not start');
  await expect(failure).toContainText(/render-[^/]*\.js/);
  await expect(failure.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});

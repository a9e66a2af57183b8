import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, expectSample, fixturePath, fixtureText, message, openApp, pasteIntoBox, SAMPLE } from './helpers';

const FILE = 'weather-orphan.openai.json';
const OTHER = 'tool-error-retry.langchain.json';
const SHOTS = process.env.E2E_SCREENSHOTS;

/** Opens Recent ▾ and waits until it lists `names` (kept once the load is on screen, so it may take a moment). */
async function expectRecent(page: Page, names: string[]): Promise<void> {
  await expect(async () => {
    const menu = page.getByTestId('recent-menu');
    if (!(await menu.isVisible())) await page.getByTestId('recent').click();
    await expect(menu).toHaveAttribute('data-state', 'listed', { timeout: 1000 });
    const listed = await page.getByTestId('recent-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-name')));
    if (listed.join('|') !== names.join('|')) {
      await page.getByTestId('recent').click();
      throw new Error(`Recent lists ${listed.join(', ')}`);
    }
  }).toPass({ timeout: 10_000 });
}

/** The id of the history kept as the last on screen, as IndexedDB holds it (`{sample: file}` for a sample). */
function lastKept(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('msgscope');
        open.onerror = () => reject(open.error ?? new Error('no database'));
        open.onsuccess = () => {
          const get = open.result.transaction('state').objectStore('state').get('last');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error ?? new Error('no state'));
        };
      }),
  );
}

test('the last history opened survives a reload, view and all', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await message(page, 5).click({ position: { x: 40, y: 12 } });
  await expectRecent(page, [FILE]);
  await page.keyboard.press('Escape');

  await page.reload();
  await expectLoaded(page, FILE, 7);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.locator('[data-testid=finding]')).toHaveCount(3);
  // The address still said which message was selected.
  await expect(message(page, 5)).toHaveAttribute('data-selected', 'true');
});

test('Read as is kept with the history: a reload reads it the same way', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await page.getByTestId('format-picker').selectOption('langchain-stored');
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
  // One entry: the same bytes read again replace it.
  await expectRecent(page, [FILE]);
  await expect(page.getByTestId('recent-item')).toContainText('read as langchain-stored');
  await page.keyboard.press('Escape');
  await page.reload();
  await expectLoaded(page, FILE, 7);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
});

test('Recent reopens an earlier history, and Clear forgets them all', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await expectRecent(page, [FILE]);
  await page.keyboard.press('Escape');
  await pasteIntoBox(page, fixtureText(OTHER));
  await expectLoaded(page, 'paste', 7);
  await expectRecent(page, ['paste', FILE]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recent-menu.png` });

  await page.locator(`[data-testid=recent-item][data-name="${FILE}"]`).click();
  await expectLoaded(page, FILE, 7);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  // Reopened, it is the newest again, and what a reload brings back.
  await expectRecent(page, [FILE, 'paste']);
  await page.keyboard.press('Escape');
  await page.reload();
  await expectLoaded(page, FILE, 7);

  await page.getByTestId('recent').click();
  await page.getByTestId('recent-clear').click();
  await expect(page.getByTestId('recent-empty')).toBeVisible();
  await expect(page.getByTestId('recent-item')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expectSample(page);
  await page.getByTestId('recent').click();
  await expect(page.getByTestId('recent-empty')).toBeVisible();
});

test('the sample opened last is what a reload shows', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await expectRecent(page, [FILE]);
  await page.keyboard.press('Escape');
  // Another sample than the first visit's, so that the reload shows it is this one that was kept as last.
  const other = 'parallel-out-of-order.openai.json';
  await page.getByTestId('samples').click();
  await page.locator(`[data-testid=sample-item][data-file="${other}"]`).click();
  await expectLoaded(page, `samples/${other}`, 10);
  // Kept, but no longer the last on screen: the sample is, by its file, and is not among the histories kept.
  await expect.poll(() => lastKept(page)).toEqual({ sample: other });
  await page.reload();
  await expectLoaded(page, `samples/${other}`, 10);
  await expectRecent(page, [FILE]);
  expect(other).not.toBe(SAMPLE.file);
});

test('a link wins over the history kept', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await expectRecent(page, [FILE]);
  const src = '/histories/other.json';
  await page.route(
    (url) => url.pathname === src,
    (route) => route.fulfill({ path: fixturePath(OTHER), contentType: 'application/json' }),
  );
  await page.goto(`/?src=${src}`);
  await expectLoaded(page, src, 7);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-serialized');
});

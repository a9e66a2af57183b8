import { expect, test } from '@playwright/test';
import { expectLoaded, expectSample, fixtureText, message, openApp } from './helpers';
import { openerPage, openFrom, type Handoff } from './share-helpers';

const FILE = 'weather-orphan.openai.json';
const SHOTS = process.env.E2E_SCREENSHOTS;
/** A page of another origin: Playwright answers for this host, so the opener's origin is its own. */
const OTHER = 'http://opener.test';

/** The opener's page, handing over FILE as text or bytes with message `select` to select. */
const opener = (app: string, as: Handoff['as'], select: number): string => openerPage(app, { text: fixtureText(FILE), title: FILE, select, as });

test('a page of another origin hands over a history: msgscope asks first, then shows it with the message selected', async ({ context, page, baseURL }) => {
  const app = await openFrom(context, page, `${OTHER}/notebook.html`, opener(`${baseURL}/`, 'buffer', 3));
  const dialog = app.getByTestId('handoff-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${OTHER} wants to open a history. Trust it?`);
  await expect(dialog).toContainText(`It sends ${FILE} (`);
  await expect(dialog).toHaveAttribute('data-origin', OTHER);
  // Nothing opens before the user answers.
  await expectSample(app);
  if (SHOTS) await app.screenshot({ path: `${SHOTS}/handoff-prompt.png` });
  await app.getByTestId('handoff-trust').click();
  await expect(dialog).toHaveCount(0);
  await expectLoaded(app, FILE, 7);
  await expect(message(app, 3)).toHaveAttribute('data-selected', 'true');
  await expect(app.getByTestId('detail')).toHaveAttribute('data-index', '3');
  await expect(app.locator('[data-testid=finding][data-rule="orphan-tool-result"]')).toHaveCount(1);
  if (SHOTS) await app.screenshot({ path: `${SHOTS}/handoff-opened.png` });
});

test('declined, the history is not opened', async ({ context, page, baseURL }) => {
  const app = await openFrom(context, page, `${OTHER}/notebook.html`, opener(`${baseURL}/`, 'text', 2));
  await expect(app.getByTestId('handoff-dialog')).toBeVisible();
  await app.getByTestId('handoff-reject').click();
  await expect(app.getByTestId('handoff-dialog')).toHaveCount(0);
  await expectSample(app);
  await expect(app.locator('[data-testid=message][data-selected="true"]')).toHaveCount(0);
});

test('a page of msgscope’s own origin opens it without asking', async ({ context, page, baseURL }) => {
  const app = await openFrom(context, page, `${baseURL}/opener.html`, opener(`${baseURL}/`, 'text', 4));
  await expectLoaded(app, FILE, 7);
  await expect(message(app, 4)).toHaveAttribute('data-selected', 'true');
  await expect(app.getByTestId('handoff-dialog')).toHaveCount(0);
});

test('only the window that opened msgscope is heard', async ({ page }) => {
  await openApp(page);
  // Posted by the page to itself, it has no opener: ignored, even from its own origin.
  await page.evaluate((text) => window.postMessage({ msgscope: { text, title: 'self' } }, '*'), fixtureText(FILE));
  await page.waitForTimeout(300);
  await expectSample(page);
  await expect(page.getByTestId('handoff-dialog')).toHaveCount(0);
});

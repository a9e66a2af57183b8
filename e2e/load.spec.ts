import { expect, test } from '@playwright/test';
import { expectLoaded, fixturePath, fixtureText, message, openApp, pasteIntoBox } from './helpers';

const NAME = 'tool-error-retry.langchain.json';

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test('loads a history chosen with the file input', async ({ page }) => {
  await page.getByTestId('file-input').setInputFiles(fixturePath(NAME));
  await expectLoaded(page, NAME, 7);
  await expect(message(page, 3)).toHaveAttribute('data-message-id', 't_1');
});

test('loads a file dropped anywhere on the app', async ({ page }) => {
  const dataTransfer = await page.evaluateHandle(
    ({ text, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      return transfer;
    },
    { text: fixtureText(NAME), name: NAME },
  );
  const app = page.getByTestId('app');
  await app.dispatchEvent('dragenter', { dataTransfer });
  await app.dispatchEvent('dragover', { dataTransfer });
  await app.dispatchEvent('drop', { dataTransfer });
  await expectLoaded(page, NAME, 7);
});

test('loads text pasted into the paste box', async ({ page }) => {
  await pasteIntoBox(page, fixtureText(NAME));
  await expectLoaded(page, 'paste', 7);
});

test('loads text pasted with Ctrl+V anywhere on the page', async ({ page }) => {
  await page.evaluate((text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, fixtureText(NAME));
  await expectLoaded(page, 'paste', 7);
});

test('loads a history from ?src=', async ({ page }) => {
  const src = '/histories/weather-orphan.openai.json';
  // Match the path only: a glob would also match the page URL, whose query ends with the same text.
  await page.route(
    (url) => url.pathname === src,
    (route) => route.fulfill({ path: fixturePath('weather-orphan.openai.json'), contentType: 'application/json' }),
  );
  await page.goto(`/?src=${src}`);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-source', /weather-orphan\.openai\.json$/);
  await expect(timeline).toHaveAttribute('data-message-count', '7');
  // Read while it downloaded, the text is joined only now, to find where the message starts.
  await message(page, 3).click({ position: { x: 40, y: 12 } });
  await expect(page.getByTestId('detail')).toContainText('messages[3], line 10:5');
});

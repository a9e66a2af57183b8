import { expect, test } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp, SAMPLE } from './helpers';

test('an Inspect .eval log (a zip archive) opens like any history', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('real/inspect-ai/log_message_deduplication.eval'));
  await expectLoaded(page, 'log_message_deduplication.eval', 12);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'inspect');
  await expect(message(page, 0)).toContainText('Guess the number');
  await expect(page.locator('[data-testid=connector][data-tool-call-id="hardcoded_0"]')).toHaveCount(1);
  await expect(page.locator('[data-testid=finding]')).toHaveCount(0);
});

test('an image dropped by mistake is named in one line, and the history on screen stays', async ({ page }) => {
  await openApp(page);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  await page.getByTestId('file-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
  const error = page.getByTestId('import-error');
  await expect(error).toContainText('Could not open screenshot.png');
  await expect(error).toContainText('This is a PNG image, not a message history');
  await expect(error).toContainText('Still showing the previous history.');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(SAMPLE.count));
});

test('a response with no message (a Gemini prompt blocked before any answer) says so, with the reason', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('real/generative-ai-js/unary-failure-prompt-blocked-safety.json'));
  await expectLoaded(page, 'unary-failure-prompt-blocked-safety.json', 0);
  await expect(page.getByTestId('timeline-empty')).toHaveText('This history holds no message (the notes above say why, when the reader knows).');
  await expect(page.getByTestId('notes')).toContainText('The prompt was blocked (SAFETY) (HARM_CATEGORY_HATE_SPEECH HIGH)');
  await expect(page.locator('[data-testid=finding]')).toHaveCount(0);
});

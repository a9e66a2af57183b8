// Export like the reader (issue 19, §10): the request formats msgscope writes download and copy, and each re-opens in
// msgscope as that format; the messages a filter shows export alone; a drop of several files says which one opened.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, fixtureText, openApp } from './helpers';

// The same run in every format (fixtures/cross-format/README.md): 8 messages, a misplaced result and an orphan.
const RUN = 'cross-format/langchain-stored.json';
const RUN_NAME = 'langchain-stored.json';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(RUN));
  await expectLoaded(page, RUN_NAME, 8);
});

const target = (page: Page, name: string) => page.locator(`[data-testid=export-target][data-target="${name}"]`);
const copyButton = (page: Page, name: string) => page.locator(`[data-testid=export-copy][data-target="${name}"]`);
const findingRules = (page: Page) => page.locator('[data-testid=finding]').evaluateAll((els) => els.map((el) => el.getAttribute('data-rule')));

/** Opens `text` as the file `name` and waits for its `count` messages. */
async function reopen(page: Page, name: string, text: Buffer | string, count: number): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expectLoaded(page, name, count);
}

for (const format of ['openai-responses', 'gemini', 'vercel-ai']) {
  test(`export to ${format} downloads a file that re-opens as ${format} with the same messages and findings`, async ({ page }) => {
    const before = await findingRules(page);
    await page.getByTestId('export').click();
    // Seven history formats and the Markdown report; every history format can be copied too.
    await expect(page.getByTestId('export-target')).toHaveCount(8);
    await expect(page.getByTestId('export-copy')).toHaveCount(7);
    const [download] = await Promise.all([page.waitForEvent('download'), target(page, format).click()]);
    const name = download.suggestedFilename();
    expect(name).toBe(`langchain-stored.${format}.json`);
    // What the format cannot carry (LangChain's message ids, usage...) is said.
    await expect(page.getByTestId('export-lost')).toContainText('message ids have no place');

    await reopen(page, name, await readFile(await download.path()), 8);
    await expect(page.getByTestId('format')).toHaveAttribute('data-format', format);
    expect(await findingRules(page)).toEqual(before);
    await expect(page.locator('[data-testid=finding][data-rule="orphan-tool-result"][data-tool-call-id="call_zz"]')).toHaveCount(1);
  });
}

test('Copy puts the export on the clipboard, and the copied text opens as that format', async ({ page }) => {
  await page.getByTestId('export').click();
  await copyButton(page, 'gemini').click();
  const notice = page.getByTestId('export-copy-notice');
  await expect(notice).toHaveAttribute('data-state', 'copied');
  await expect(notice).toContainText('Copied the Gemini generateContent request');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(Number(await notice.getAttribute('data-chars'))).toBe(copied.length);
  const body = JSON.parse(copied) as { systemInstruction: unknown; contents: { role: string }[] };
  expect(body.systemInstruction).toEqual({ parts: [{ text: 'You are a weather assistant.' }] });
  expect(body.contents.map((c) => c.role)).toEqual(['user', 'model', 'user', 'model']);

  await page.getByTestId('paste-input').fill(copied);
  await page.getByTestId('paste-submit').click();
  await expectLoaded(page, 'paste', 8);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'gemini');

  // The Markdown report is copied by Copy as Markdown (bounded, secrets replaced), not by a Copy of its own.
  await page.getByTestId('export').click();
  await expect(target(page, 'markdown')).toBeVisible();
  await expect(copyButton(page, 'markdown')).toHaveCount(0);
});

test('with a filter on, Only the N messages shown exports the rows the timeline shows, and nothing else', async ({ page }) => {
  await page.getByTestId('export').click();
  // Nothing is hidden: there is no choice to make.
  await expect(page.getByTestId('export-only-shown')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.locator('[data-testid=role-filter][data-role="tool"]').click();
  await expect(page.locator('[data-testid=message]')).toHaveCount(5);
  await page.getByTestId('export').click();
  const only = page.getByTestId('export-only-shown');
  await expect(page.locator('.export-only-shown')).toHaveText('Only the 5 messages shown');
  await only.check();
  const [download] = await Promise.all([page.waitForEvent('download'), target(page, 'openai-responses').click()]);
  // Named as a part, so that it does not pass for the whole history.
  expect(download.suggestedFilename()).toBe('langchain-stored.shown-5-of-8.openai-responses.json');
  await expect(page.getByTestId('export-lost')).toContainText('(5 of 8 messages)');
  const text = await readFile(await download.path(), 'utf8');
  expect(text).not.toContain('function_call_output');
  expect(text).not.toContain('Sunny, 25°C');

  await page.locator('[data-testid=role-filter][data-role="tool"]').click();
  await reopen(page, 'shown.openai-responses.json', text, 5);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-responses');
  await expect(page.locator('[data-testid=message][data-role="tool"]')).toHaveCount(0);
});

test('a search narrows the export to its matches, in the timeline’s order', async ({ page }) => {
  await page.getByTestId('search').fill('Hangzhou');
  await expect(page.getByTestId('shown-count')).toHaveText(/ of 8$/);
  const roles = await page.locator('[data-testid=message]').evaluateAll((els) => els.map((el) => el.getAttribute('data-role')));
  expect(roles.length).toBeLessThan(8);
  await page.getByTestId('export').click();
  await expect(page.locator('.export-only-shown')).toHaveText(`Only the ${roles.length} messages shown`);
  await page.getByTestId('export-only-shown').check();
  await copyButton(page, 'openai-chat').click();
  await expect(page.getByTestId('export-copy-notice')).toHaveAttribute('data-state', 'copied');
  const body = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { messages: { role: string }[] };
  const wire: Record<string, string> = { system: 'system', human: 'user', ai: 'assistant', tool: 'tool' };
  expect(body.messages.map((m) => m.role)).toEqual(roles.map((role) => wire[role ?? '']));
});

test('a drop of two files opens the first and says the second was not opened', async ({ page }) => {
  const dataTransfer = await page.evaluateHandle(
    ({ first, second }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([first], 'weather-orphan.openai.json', { type: 'application/json' }));
      transfer.items.add(new File([second], 'tool-error-retry.langchain.json', { type: 'application/json' }));
      return transfer;
    },
    { first: fixtureText('weather-orphan.openai.json'), second: fixtureText('tool-error-retry.langchain.json') },
  );
  const app = page.getByTestId('app');
  await app.dispatchEvent('dragenter', { dataTransfer });
  await app.dispatchEvent('dragover', { dataTransfer });
  await app.dispatchEvent('drop', { dataTransfer });
  await expectLoaded(page, 'weather-orphan.openai.json', 7);
  const notice = page.getByTestId('dropped-notice');
  await expect(notice).toHaveAttribute('data-dropped', '2');
  await expect(notice).toContainText('2 files dropped: opened weather-orphan.openai.json only');
  await expect(notice).toContainText('Not opened: tool-error-retry.langchain.json');
  await page.getByTestId('dropped-notice-close').click();
  await expect(notice).toHaveCount(0);
});

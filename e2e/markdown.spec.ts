import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp, pasteIntoBox } from './helpers';

const FILE = 'weather-orphan.openai.json';
const SHOTS = process.env.E2E_SCREENSHOTS;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
});

test('Copy as Markdown puts the run, its findings and verdicts on the clipboard', async ({ page }) => {
  await page.getByTestId('export').click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/markdown-menu.png` });
  await page.getByTestId('copy-markdown').click();
  const notice = page.getByTestId('markdown-notice');
  await expect(notice).toHaveAttribute('data-state', 'copied');
  await expect(notice).toHaveAttribute('data-redacted', '0');
  const text = await clipboard(page);
  expect(text.startsWith(`## msgscope: ${FILE}\n\n**OpenAI Chat Completions** (request) · 7 messages · 2 tool calls`)).toBe(true);
  await expect(notice).toHaveAttribute('data-chars', String(text.length));
  expect(text).toContain('### Findings (3 errors)');
  // Every finding on the page is in it, and every message.
  for (const rule of await page.getByTestId('finding').evaluateAll((items) => items.map((item) => item.getAttribute('data-rule')))) {
    expect(text).toContain(`\`${rule}\``);
  }
  expect(text.match(/^\*\*#\d+ · /gm)).toHaveLength(7);
  expect(text).toContain('- ❌ **OpenAI Chat Completions** rejects it:');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/markdown-copied.png` });
});

test('Copy as Markdown in the detail pane copies the selected message with its findings', async ({ page }) => {
  await message(page, 6).click({ position: { x: 40, y: 12 } });
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '6');
  await page.getByTestId('copy-message-markdown').click();
  await expect(page.getByTestId('markdown-notice')).toHaveAttribute('data-state', 'copied');
  const text = await clipboard(page);
  expect(text.startsWith('**#6 · Tool** · ❌ orphan-tool-result\n\nAnswers `call_abc123`\n\n```json\n{\n  "temp": 22\n}\n```')).toBe(true);
  expect(text).toContain(`*From ${FILE}, OpenAI Chat Completions (msgscope).*`);
  expect(text).toContain('`orphan-tool-result` at #6');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/markdown-message.png` });
});

test('a possible secret is replaced in the copy unless the user asks for it', async ({ page }) => {
  // A GitHub token shape, built here so that the repository holds none.
  const token = ['gh', 'p_', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('');
  await pasteIntoBox(page, JSON.stringify([{ type: 'human', data: { content: `deploy with ${token} please` } }]));
  await expectLoaded(page, 'paste', 1);
  await expect(page.locator('[data-testid=finding][data-rule="possible-secret"]')).toHaveCount(1);
  await page.getByTestId('export').click();
  await page.getByTestId('copy-markdown').click();
  const notice = page.getByTestId('markdown-notice');
  await expect(notice).toHaveAttribute('data-redacted', '1');
  let text = await clipboard(page);
  expect(text).not.toContain(token);
  expect(text).toContain('deploy with \\[REDACTED:github-token\\] please');
  await page.getByTestId('markdown-copy-with-secrets').click();
  await expect(notice).toHaveAttribute('data-redacted', '0');
  text = await clipboard(page);
  expect(text).toContain(`deploy with ${token} please`);
});

import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp, openRedisSample } from './helpers';

const WEATHER = 'weather-orphan.openai.json';

async function openWeather(page: Page): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(fixturePath(WEATHER));
  await expectLoaded(page, WEATHER, 7);
}

const verdict = (page: Page, target: string) => page.locator(`[data-testid=verdict][data-target="${target}"]`);

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test('provider verdicts: OpenAI Chat rejects with its exact error text and the messages jump', async ({ page }) => {
  await openWeather(page);
  await page.locator('[data-testid=side-tab][data-tab="verdicts"]').click();
  await expect(page.getByTestId('verdicts')).toBeVisible();
  await expect(page.locator('[data-testid=verdict]')).toHaveCount(5);

  const chat = verdict(page, 'openai-chat');
  await expect(chat).toHaveAttribute('data-accepted', 'false');
  await expect(chat.getByTestId('verdict-error')).toHaveText([
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_01_jD3phD5PEaIZf0mVLhKt0861",
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  ]);
  await expect(verdict(page, 'langgraph')).toHaveAttribute('data-accepted', 'true');
  await expect(verdict(page, 'anthropic')).toHaveAttribute('data-accepted', 'false');

  // The orphan result's message link selects message #6 and scrolls to it.
  const orphan = chat.locator('[data-testid=verdict-problem][data-rule="orphan-tool-result"]');
  await expect(orphan).toContainText('call_abc123');
  await orphan.locator('[data-testid=verdict-message][data-index="6"]').click();
  await expect(message(page, 6)).toHaveAttribute('data-selected', 'true');
  await expect(message(page, 6)).toBeInViewport();

  // The findings are still there, in their own tab.
  await page.locator('[data-testid=side-tab][data-tab="findings"]').click();
  await expect(page.locator('[data-testid=finding][data-rule="orphan-tool-result"]')).toBeVisible();
});

test('a clean history: every target accepts it', async ({ page }) => {
  await openRedisSample(page);
  await page.locator('[data-testid=side-tab][data-tab="verdicts"]').click();
  await expect(page.locator('[data-testid=verdict][data-accepted="true"]')).toHaveCount(5);
});

test('a tool-calling response: its call is pending, not an error, and every target says the next request needs the result', async ({ page }) => {
  const RESPONSE = 'formats/openai-chat/response.json';
  await page.getByTestId('file-input').setInputFiles(fixturePath(RESPONSE));
  await expectLoaded(page, 'response.json', 1);
  await expect(page.getByTestId('format')).toHaveAttribute('data-kind', 'response');
  await expect(page.getByTestId('format')).toHaveText('OpenAI Chat Completions · response');
  const pending = page.locator('[data-testid=finding][data-rule="pending-tool-call"]');
  await expect(pending).toHaveAttribute('data-severity', 'info');
  await expect(pending).toHaveAttribute('data-tool-call-id', 'call_abc');
  await expect(page.locator('[data-testid=finding][data-severity="error"]')).toHaveCount(0);
  // The card's chip says the call awaits its result, not that it has none.
  await expect(page.locator('[data-testid=tool-call][data-tool-call-id="call_abc"] .tool-call-target')).toHaveText('awaits result');

  await page.locator('[data-testid=side-tab][data-tab="verdicts"]').click();
  await expect(page.locator('[data-testid=verdict][data-accepted="true"][data-pending="1"]')).toHaveCount(5);
  const chat = verdict(page, 'openai-chat');
  await expect(chat).toContainText('The next request must carry the result of the pending call');
  await expect(chat.getByTestId('verdict-error')).toHaveText(
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_abc",
  );
});

test('export to OpenAI Chat downloads a file that loads again, and says what it could not carry', async ({ page }) => {
  await page.getByTestId('file-input').setInputFiles(fixturePath('tool-error-retry.langchain.json'));
  await expectLoaded(page, 'tool-error-retry.langchain.json', 7);

  await page.getByTestId('export').click();
  // The seven history formats and the Markdown report.
  await expect(page.getByTestId('export-target')).toHaveCount(8);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-target][data-target="openai-chat"]').click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/\.json$/);
  const lost = page.getByTestId('export-lost');
  await expect(lost).toBeVisible();
  await expect(lost).toContainText('status "error"');

  const path = await download.path();
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/json', buffer: await readFile(path) });
  await expectLoaded(page, name, 7);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.locator('[data-testid=finding][data-rule="invalid-tool-call"][data-tool-call-id="call_bad_2"]')).toHaveCount(1);
});

test('the format picker reads the same input again as another format, and back', async ({ page }) => {
  await openWeather(page);
  const picker = page.getByTestId('format-picker');
  await expect(picker).toHaveValue('openai-chat');
  await expect(picker.locator('option:checked')).toHaveText(/\(detected\)$/);
  expect(await picker.locator('option').count()).toBeGreaterThanOrEqual(23);

  await picker.selectOption('langchain-stored');
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
  await expectLoaded(page, WEATHER, 7);
  await expect(page.locator('[data-testid=finding][data-rule="unrecognized-message"]')).toHaveCount(7);
  // The detected format stays marked, so the user can go back to it.
  await expect(picker.locator('option[value="openai-chat"]')).toHaveText(/\(detected\)$/);

  // Nothing was read, so no target is said to accept: each says it cannot judge, and why.
  const providersTab = page.locator('[data-testid=side-tab][data-tab="verdicts"]');
  await expect(providersTab.locator('.verdict-count')).toHaveText('?');
  await providersTab.click();
  await expect(page.locator('[data-testid=verdict][data-unjudged="true"]')).toHaveCount(5);
  await expect(page.getByTestId('verdicts')).not.toContainText('accepts');
  await expect(verdict(page, 'openai-chat').locator('.verdict-status')).toHaveText('cannot judge');
  await expect(verdict(page, 'anthropic').getByTestId('verdict-unjudged')).toContainText('7 of 7 messages were not read as LangChain stored messages');

  await picker.selectOption('openai-chat');
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.locator('[data-testid=verdict][data-unjudged]')).toHaveCount(0);
  await expect(verdict(page, 'langgraph').locator('.verdict-status')).toHaveText('accepts');
  await page.locator('[data-testid=side-tab][data-tab="findings"]').click();
  await expect(page.locator('[data-testid=finding][data-rule="orphan-tool-result"]')).toHaveCount(1);
});

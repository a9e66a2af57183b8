import { expect, test } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp } from './helpers';

// Three Inspect samples: the second answers a calculator call nobody made.
const FILE = 'formats/inspect/three-samples.json';

test('a file of several conversations: listed with their counts, each opened on its own, the URL keeps which', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, 'three-samples.json', 2);
  const bar = page.getByTestId('conversations');
  await expect(bar).toContainText('Conversation 1 of 3');
  const options = page.getByTestId('conversation-picker').locator('option');
  await expect(options).toHaveText([
    '1. sample add, epoch 1 — 2 messages',
    '2. sample mul, epoch 1 — 4 messages · 1 error',
    '3. sample sub, epoch 1 — 2 messages',
  ]);
  // The first sample is healthy: its findings are its own.
  await expect(page.locator('[data-testid=finding]')).toHaveCount(0);

  await page.getByTestId('conversation-picker').selectOption('1');
  await expectLoaded(page, 'three-samples.json', 4);
  await expect(bar).toHaveAttribute('data-open', '1');
  await expect(page.locator('[data-testid=finding][data-rule=orphan-tool-result]')).toHaveCount(1);
  // Its messages are numbered from 0, its system prompt first: no system-not-first at the joint.
  await expect(message(page, 0)).toContainText('Use the calculator.');
  await expect(page.locator('[data-testid=finding][data-rule=system-not-first]')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('#c=2');

  await page.getByRole('button', { name: 'Next conversation' }).click();
  await expect(bar).toHaveAttribute('data-open', '2');
  await expect(message(page, 0)).toContainText('What is 9 - 3?');
  await expect(page.getByRole('button', { name: 'Next conversation' })).toBeDisabled();
  expect(new URL(page.url()).hash).toBe('#c=3');
});

test('a link to a conversation opens that one', async ({ page }) => {
  const src = '/histories/three-samples.json';
  await page.route(
    (url) => url.pathname === src,
    (route) => route.fulfill({ path: fixturePath(FILE), contentType: 'application/json' }),
  );
  await page.goto(`/?src=${src}#c=2`);
  await expect(page.getByTestId('conversations')).toHaveAttribute('data-open', '1');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', '4');
  await expect(page.locator('[data-testid=finding][data-rule=orphan-tool-result]')).toHaveCount(1);
  // Another file replaces the collection: the link no longer names a conversation.
  await page.getByTestId('file-input').setInputFiles(fixturePath('weather-orphan.openai.json'));
  await expectLoaded(page, 'weather-orphan.openai.json', 7);
  await expect(page.getByTestId('conversations')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
});

test('a sub-agent: the call that started it opens it, and the way back up is named', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('formats/openinference/smolagents-managed-agent.json'));
  await expectLoaded(page, 'smolagents-managed-agent.json', 5);
  const bar = page.getByTestId('conversations');
  await expect(bar).toHaveAttribute('data-open', '0');
  await page.locator('[data-testid=tool-call][data-tool-call-id="call_m1"] ~ [data-testid=open-sub-conversation]').click();
  await expect(bar).toHaveAttribute('data-open', '1');
  await expect(message(page, 1)).toContainText("You're a helpful agent named 'search_agent'.");
  await page.getByTestId('conversation-parent').click();
  await expect(bar).toHaveAttribute('data-open', '0');
  await expect(page.getByTestId('conversation-child')).toContainText('search_agent.run (call call_m1)');
});

import { expect, test } from '@playwright/test';
import { expectLoaded, expectSample, message, openApp, pasteIntoBox, SAMPLE } from './helpers';

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test('invalid JSON names line and column and keeps the history on screen', async ({ page }) => {
  const broken = '[\n  {"type": "human", "data": {"content": "hi"}},\n  {"type": "ai" "data": {"content": ""}}\n]\n';
  await pasteIntoBox(page, broken);
  const error = page.getByTestId('import-error');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('data-line', '3');
  await expect(error).toHaveAttribute('data-column', '17');
  await expect(error).toContainText('{"type": "ai" "data"');
  // The failed attempt sets the state; the sample loaded before stays on screen.
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(SAMPLE.count));
  await expect(message(page, 0)).toHaveAttribute('data-message-id', '7f1c2e0a-3b4d-4e8f-9a61-2d5b8c0e4f17');
  await expect(message(page, 0)).toBeVisible();
});

test('the detail pane shows the raw message, fields the app does not know included', async ({ page }) => {
  const history = [
    { type: 'human', data: { content: 'Where is my parcel?', id: 'h_1' } },
    { type: 'ai', data: { content: 'On its way.', id: 'ai_1', x_trace: { span: 'span-7f3a', retries: 2 } } },
  ];
  await pasteIntoBox(page, JSON.stringify(history));
  await expectLoaded(page, 'paste', 2);
  await message(page, 1).click();
  await expect(message(page, 1)).toHaveAttribute('data-selected', 'true');
  const json = page.getByTestId('detail').getByTestId('detail-json');
  await expect(json).toContainText('x_trace');
  await expect(json).toContainText('span-7f3a');
  // Where the message starts in what was pasted.
  const column = JSON.stringify(history).indexOf('{"type":"ai"') + 1;
  await expect(page.getByTestId('detail')).toContainText(`line 1:${column}`);
});

test('when the detail view cannot load, the pane says so and the timeline stays usable', async ({ page }) => {
  // The detail's code is a chunk of its own, fetched on the first selection: fail that request.
  await page.route(/MessageDetail-[^/]*\.js$/, (route) => route.abort());
  await expectSample(page);
  await message(page, 1).click();
  await expect(page.getByTestId('detail-error')).toContainText('Could not show message #1');
  await expect(page.getByTestId('crash')).toHaveCount(0);
  // On its header: the middle of the card is its call chip, which selects the call's result.
  await message(page, 2).click({ position: { x: 40, y: 12 } });
  await expect(message(page, 2)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('detail-error')).toContainText('Could not show message #2');
});

import { expect, test } from '@playwright/test';
import { message, openRedisSample } from './helpers';

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

/**
 * In the page, before the app starts: every card the worker sends for the message with this id comes without
 * its calls, as a worker of another version or a bug on either side could send it. The card cannot be drawn.
 */
function spoilCardOf(id: string): void {
  const spoil = (data: unknown): void => {
    if (typeof data !== 'object' || data === null || !('result' in data)) return;
    const { result } = data;
    const cards: unknown = Array.isArray(result) ? result : typeof result === 'object' && result !== null && 'cards' in result ? result.cards : [];
    if (!Array.isArray(cards)) return;
    for (const card of cards as unknown[]) {
      if (typeof card === 'object' && card !== null && 'contentKinds' in card && 'id' in card && card.id === id) Reflect.deleteProperty(card, 'calls');
    }
  };
  const accessor = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  if (!accessor?.set) throw new Error('Worker.prototype has no onmessage setter');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    ...accessor,
    set(this: Worker, handler: ((event: MessageEvent) => void) | null) {
      const wrapped =
        handler &&
        ((event: MessageEvent) => {
          spoil(event.data);
          handler.call(this, event);
        });
      accessor.set?.call(this, wrapped);
    },
  });
}

test('a card that cannot be drawn shows its error and raw JSON in its place; the other cards and the panels stay', async ({ page }) => {
  await page.addInitScript(spoilCardOf, 'ai_reasoning_201');
  await openRedisSample(page);

  const failed = page.locator('[data-testid=card-error][data-index="2"]');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('This message could not be drawn:');
  await expect(failed).toContainText(/Cannot read properties of undefined/);
  await expect(failed.getByTestId('card-error-json')).toContainText('"id": "ai_reasoning_201"');
  await expect(failed.getByTestId('card-error-json')).toContainText('"query_group_logs"');

  await expect(page.getByTestId('crash')).toHaveCount(0);
  await expect(page.getByTestId('message')).toHaveCount(4);
  for (const index of [0, 1, 3, 4]) await expect(message(page, index)).toBeVisible();
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
  await expect(page.getByTestId('findings')).toBeVisible();
  await expect(page.getByTestId('panel-error')).toHaveCount(0);

  // The page still works: the failed message opens in the detail pane, and so does another.
  await failed.click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '2');
  await expect(page.getByTestId('detail-json')).toContainText('ai_reasoning_201');
  await message(page, 1).click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '1');
  await expect(page.getByTestId('detail-json')).toContainText('human_msg_101');
  await page.locator('[data-testid=side-tab][data-tab="verdicts"]').click();
  await expect(page.getByTestId('verdict')).toHaveCount(5);
});

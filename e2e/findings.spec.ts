import { expect, test } from '@playwright/test';
import { expectLoaded, fixturePath, longHistory, message, openApp, pasteIntoBox } from './helpers';

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test('lists every finding of a broken history', async ({ page }) => {
  await page.getByTestId('file-input').setInputFiles(fixturePath('weather-orphan.openai.json'));
  await expectLoaded(page, 'weather-orphan.openai.json', 7);
  // As `msgscope check` counts them: the calls issued, not the ids seen (the orphan result has one too).
  await expect(page.getByText('2 tool calls', { exact: true })).toBeVisible();
  const finding = (rule: string, callId: string) => page.locator(`[data-testid=finding][data-rule="${rule}"][data-tool-call-id="${callId}"]`);
  await expect(finding('tool-results-not-adjacent', 'call_01_jD3phD5PEaIZf0mVLhKt0861')).toHaveAttribute('data-severity', 'error');
  await expect(finding('orphan-tool-result', 'call_abc123')).toHaveAttribute('data-severity', 'error');
  await expect(finding('invalid-tool-call', 'call_01_jD3phD5PEaIZf0mVLhKt0861')).toHaveCount(1);
  // The card the finding is about carries a marker too.
  await expect(message(page, 6).getByTestId('message-finding').and(page.locator('[data-rule="orphan-tool-result"]'))).toHaveCount(1);
});

test('clicking a finding selects its message and scrolls it into view', async ({ page }) => {
  const history = longHistory(60);
  await pasteIntoBox(page, history.text);
  await expectLoaded(page, 'paste', history.count);
  const finding = page.locator('[data-testid=finding][data-rule="orphan-tool-call"]');
  await expect(finding).toHaveAttribute('data-tool-call-id', 'call_orphan');
  await expect(message(page, history.orphanIndex)).not.toBeInViewport();
  await finding.click();
  const target = message(page, history.orphanIndex);
  await expect(target).toHaveAttribute('data-selected', 'true');
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute('data-message-id', 'ai_last');
});

test('a tool call and its result light up together and link both ways', async ({ page }) => {
  await page.getByTestId('file-input').setInputFiles(fixturePath('tool-error-retry.langchain.json'));
  await expectLoaded(page, 'tool-error-retry.langchain.json', 7);
  const chip = page.locator('[data-testid=tool-call][data-tool-call-id="call_order_2"]');
  const result = message(page, 5);
  await expect(chip).toHaveAttribute('data-message-index', '4');
  await expect(page.locator('[data-testid=connector][data-tool-call-id="call_order_2"]')).toHaveCount(1);

  await chip.hover();
  await expect(result).toHaveAttribute('data-highlighted', 'true');

  await chip.click();
  await expect(result).toHaveAttribute('data-selected', 'true');
  await expect(result).toBeInViewport();

  await result.locator('[data-testid=tool-result-of][data-tool-call-id="call_order_2"]').click();
  await expect(message(page, 4)).toHaveAttribute('data-selected', 'true');
  await expect(result).not.toHaveAttribute('data-selected', 'true');
});

import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, fixtureText, openApp, pasteIntoBox } from './helpers';

// A real Gemini CLI session: a user's requests, the model's calls to five tools (one turn issues nine at once), their
// results, and usage on every model turn.
const GEMINI_CLI = 'real/codemie-code/gemini-cli-session-2026-01-16T11-01-file-ops-37b7abef.json';
const GEMINI_NAME = 'gemini-cli-session-2026-01-16T11-01-file-ops-37b7abef.json';

/** The model turns the file holds, counted from the file itself: its `gemini` entries. */
function geminiTurns(): number {
  const session: unknown = JSON.parse(fixtureText(GEMINI_CLI));
  if (typeof session !== 'object' || session === null || !('messages' in session) || !Array.isArray(session.messages)) throw new Error('not a session');
  return session.messages.filter((m: unknown) => typeof m === 'object' && m !== null && 'type' in m && m.type === 'gemini').length;
}

async function openTokens(page: Page): Promise<void> {
  await page.getByTestId('view-switch').locator('[data-view=tokens]').click();
  await expect(page.getByTestId('context-composition')).toHaveAttribute('data-state', 'ready');
}

test('a real session: one stacked bar a model turn; a bar lists its biggest contributors, a contributor opens its message', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The tokenizer's tables are code of their own (about 2 MB), loaded by the worker when first needed.
  const tokenizer: string[] = [];
  page.on('request', (request) => {
    if (/o200k_base/.test(request.url())) tokenizer.push(request.url());
  });
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(GEMINI_CLI));
  await expectLoaded(page, GEMINI_NAME, 28);
  expect(tokenizer, 'the tokenizer is not part of the first paint nor of the import').toEqual([]);

  await openTokens(page);
  expect(tokenizer.length, 'the tokenizer loads when the composition is counted').toBeGreaterThan(0);
  const composition = page.getByTestId('context-composition');
  const turns = geminiTurns();
  await expect(composition).toHaveAttribute('data-turns', String(turns));
  const bars = composition.getByTestId('composition-bar');
  await expect(bars).toHaveCount(turns);
  await expect(composition.getByTestId('composition-scaling')).toContainText('Estimated with o200k_base, scaled to reported input.');
  await expect(composition.getByTestId('composition-bucketed')).toHaveCount(0);
  // Each tool of the session has its own entry in the legend.
  for (const tool of ['read_file', 'write_file', 'search_file_content'])
    await expect(composition.locator(`.cc-legend-item[data-name="${tool}"]`)).toHaveCount(1);
  await expect(composition.locator('.cc-legend-item[data-category=leftover]')).toHaveCount(1);

  // The first bar is the first model turn: its context is the user's first message alone.
  const firstBar = bars.first();
  const firstIndex = Number(await firstBar.getAttribute('data-index'));
  await firstBar.click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(firstIndex));
  await expect(page.getByTestId('composition-turn')).toHaveAttribute('data-index', String(firstIndex));
  const firstContributors = composition.getByTestId('composition-contributor');
  await expect(firstContributors).toHaveCount(1);
  await expect(firstContributors.first()).toHaveAttribute('data-index', '0');

  // The turn after the nine parallel calls holds all their results: its contributors are those of a long context,
  // largest first, each before the turn.
  const bigBar = bars.nth(2);
  const bigIndex = Number(await bigBar.getAttribute('data-index'));
  await bigBar.click();
  await expect(page.getByTestId('composition-turn')).toHaveAttribute('data-index', String(bigIndex));
  const contributors = composition.getByTestId('composition-contributor');
  await expect(contributors).toHaveCount(10);
  const indices = await contributors.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-index'))));
  expect(indices.every((i) => i < bigIndex)).toBe(true);
  const tokens = await contributors.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-tokens'))));
  expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
  await expect(composition.getByTestId('composition-reconciliation')).toContainText('Reported');

  await composition.screenshot({ path: 'test-results/context-composition-1280.png' });

  // A contributor is a button to its message: the detail pane shows it, and the address names it.
  const top = contributors.first();
  const topIndex = indices[0] ?? -1;
  await top.click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(topIndex));
  await expect(top).toHaveAttribute('aria-current', 'true');
  expect(new URL(page.url()).hash).toContain(`m=${topIndex}`);
  // Choosing a contributor keeps the turn chosen.
  await expect(page.getByTestId('composition-turn')).toHaveAttribute('data-index', String(bigIndex));

  // The keyboard walks the bars.
  await bigBar.focus();
  await page.keyboard.press('ArrowRight');
  await expect(bars.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(bars.nth(3)).toBeFocused();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', (await bars.nth(3).getAttribute('data-index')) ?? '');
});

test('a history of more turns than pixels shares bars among them, and says so; no usage: not scaled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const messages: unknown[] = [{ type: 'system', data: { content: 'You are terse.' } }];
  const pairs = 1500;
  for (let i = 0; i < pairs; i++) {
    messages.push({ type: 'human', data: { content: `Question ${i}: ${'why '.repeat(i % 13)}` } });
    messages.push({ type: 'ai', data: { content: `Answer ${i}.` } });
  }
  await openApp(page);
  await pasteIntoBox(page, JSON.stringify(messages));
  await expectLoaded(page, 'paste', messages.length);
  await openTokens(page);
  const composition = page.getByTestId('context-composition');
  await expect(composition).toHaveAttribute('data-turns', String(pairs));
  await expect(composition.getByTestId('composition-bucketed')).toBeVisible();
  const bars = await composition.getByTestId('composition-bar').count();
  expect(bars).toBeGreaterThan(50);
  expect(bars).toBeLessThan(pairs);
  await expect(composition.getByTestId('composition-scaling')).toContainText('not scaled: no usage reported');
  // The last bar stands for the last turns and shows the largest of them: without usage its height is what was
  // counted, which only grows, so it is the last AI message.
  const last = composition.getByTestId('composition-bar').last();
  await expect(last).toHaveAttribute('data-index', String(messages.length - 1));
  await last.click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(messages.length - 1));
  await expect(composition.getByTestId('composition-reconciliation')).toContainText('No usage reported for this turn');
  await expect(composition.getByTestId('composition-contributor')).toHaveCount(10);
  await composition.screenshot({ path: 'test-results/context-composition-bucketed.png' });
});

test('the messages table fills the token columns of messages without usage with estimates, marked, and leaves reported ones as they are', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(GEMINI_CLI));
  await expectLoaded(page, GEMINI_NAME, 28);
  await page.getByTestId('view-switch').locator('[data-view=table]').click();
  const row = (index: number) => page.locator(`[data-testid=table-row][data-index="${index}"]`);
  // The user's first message reports no usage: its own tokens, estimated.
  const estimated = row(0).locator('[data-column=tokensIn] [data-estimated=true]');
  await expect(estimated).toBeVisible();
  await expect(estimated).toHaveText(/^≈\d/);
  expect(Number(await estimated.getAttribute('data-tokens'))).toBeGreaterThan(0);
  // The model's first turn reports its usage: shown as reported, with no estimate.
  await expect(row(1).locator('[data-column=tokensIn]')).toHaveText(/^\d/);
  await expect(row(1).locator('[data-estimated]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/context-composition-table.png' });
  // The header total stays what was reported.
  await expect(page.getByTestId('token-total')).toHaveAttribute('data-input', '87418');
});

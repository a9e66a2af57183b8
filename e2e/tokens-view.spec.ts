import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, fixtureText, openApp, pasteIntoBox } from './helpers';

// A real Claude Code session: 16 messages, 7 AI turns that report usage (messages 1, 5, 7, 9, 11, 13, 15), Sonnet 4.5.
const CLAUDE_CODE = 'real/codemie-code/claude-code-4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl';
const TURNS = [1, 5, 7, 9, 11, 13, 15];
// A real Codex CLI rollout: 37 messages, 18 gpt-5-codex turns with usage.
const CODEX = 'real/agentcmd/rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl';

async function openTokens(page: Page): Promise<void> {
  await page.getByTestId('view-switch').locator('[data-view=tokens]').click();
  await expect(page.getByTestId('tokens-view')).toHaveAttribute('data-state', 'ready');
}

/** Clicks (or hovers) the chart at message `index`: its x from the scale the chart states, halfway up the plot. */
async function atTurn(page: Page, index: number, action: 'click' | 'hover'): Promise<void> {
  const chart = page.getByTestId('context-chart');
  const min = Number(await chart.getAttribute('data-x-min'));
  const max = Number(await chart.getAttribute('data-x-max'));
  const box = await chart.locator('.u-over').boundingBox();
  if (!box) throw new Error('the chart has no plot area');
  const x = box.x + ((index - min) / (max - min)) * box.width;
  await page.mouse.move(x, box.y + box.height / 2);
  if (action === 'click') await page.mouse.click(x, box.y + box.height / 2);
}

test('a Claude Code session: the chart plots each AI turn, clicking one selects it in the detail pane', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(CLAUDE_CODE));
  await expectLoaded(page, 'claude-code-4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl', 16);
  await openTokens(page);
  expect(new URL(page.url()).hash).toContain('view=tokens');

  const chart = page.getByTestId('context-chart');
  await expect(chart).toHaveAttribute('data-points', String(TURNS.length));
  await expect(chart).toHaveAttribute('data-x', 'message-index');
  await expect(chart.locator('canvas')).toHaveCount(1);
  // Sonnet 4.5's documented window is drawn.
  await expect(chart).toHaveAttribute('data-window', '200000');

  // Hovering a turn reads out its numbers (message #9: 35,998 in, 35,754 of them read from the cache).
  await atTurn(page, 9, 'hover');
  const readout = page.getByTestId('context-chart-readout');
  await expect(readout).toHaveAttribute('data-index', '9');
  await expect(readout).toContainText('input 35,998');
  await expect(readout).toContainText('cached 35,754 (99%)');

  await atTurn(page, 7, 'click');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '7');
  await expect(page.getByTestId('detail').getByTestId('detail-json')).toContainText('"input_tokens"');
  await expect(chart).toHaveAttribute('data-selected-index', '7');
  expect(new URL(page.url()).hash).toContain('m=7');
  // The context composition below breaks down the turn the chart selected.
  await expect(page.getByTestId('composition-turn-message')).toHaveText('message #7');

  // The keyboard does the same: from the selected turn, one to the right, Enter.
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(readout).toHaveAttribute('data-index', '9');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '9');
  await expect(page.getByTestId('composition-turn-message')).toHaveText('message #9');

  // The totals: one model, the AI role reported, the human role not.
  const model = page.locator('[data-testid=token-table][data-group=model] [data-testid=token-row]');
  await expect(model).toHaveCount(1);
  await expect(model).toHaveAttribute('data-key', 'claude-sonnet-4-5-20250929');
  await expect(page.locator('[data-testid=token-table][data-group=role] [data-testid=token-row][data-key=human]')).toContainText('not reported');
  await expect(page.locator('[data-testid=token-table][data-group=tool] [data-testid=token-row][data-key=Write]')).toHaveAttribute('data-reported', 'true');
});

test('a Codex rollout: every turn plotted against its 400,000-token window, which can be hidden', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(CODEX));
  await expectLoaded(page, 'rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl', 37);
  await openTokens(page);
  const chart = page.getByTestId('context-chart');
  await expect(chart).toHaveAttribute('data-points', '18');
  await expect(chart).toHaveAttribute('data-window', '400000');
  await page.getByTestId('context-window-toggle').uncheck();
  await expect(chart).not.toHaveAttribute('data-window', /./);
  // The chart follows its column: narrower window, narrower canvas.
  const wide = (await chart.locator('canvas').boundingBox())?.width ?? 0;
  await page.setViewportSize({ width: 900, height: 800 });
  await expect.poll(async () => (await chart.locator('canvas').boundingBox())?.width ?? 0).toBeLessThan(wide);
});

test('a history without usage says so, with no chart and no 0 tokens', async ({ page }) => {
  await openApp(page);
  await pasteIntoBox(page, fixtureText('weather-orphan.openai.json'));
  await expectLoaded(page, 'paste', 7);
  await openTokens(page);
  await expect(page.getByTestId('context-chart-empty')).toContainText('No usage reported');
  await expect(page.getByTestId('context-chart')).toHaveCount(0);
  const roles = page.locator('[data-testid=token-table][data-group=role] [data-testid=token-row]');
  await expect(roles.first()).toBeVisible();
  for (const row of await roles.all()) await expect(row).toHaveAttribute('data-reported', 'false');
  await expect(page.getByTestId('tokens-view')).not.toContainText(/\b0 tokens\b/);
});

test('uPlot is not in the first paint: neither in the scripts index.html loads nor their static imports, nor fetched before the view opens', async ({
  page,
}) => {
  const appDir = process.env.E2E_APP_DIR ?? 'dist/app';
  const html = readFileSync(join(appDir, 'index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = new Set(first);
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(appDir, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads later.
    for (const [, chunk] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      const path = `assets/${chunk}`;
      if (existsSync(join(appDir, path))) files.add(path);
    }
  }
  expect(files.size).toBeGreaterThan(2);
  for (const file of files) {
    const text = readFileSync(join(appDir, file), 'utf8');
    expect(text, file).not.toMatch(/\.u-over|uplot/i);
  }

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(CLAUDE_CODE));
  await expectLoaded(page, 'claude-code-4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl', 16);
  expect(requested.filter((path) => path.includes('ContextChart'))).toEqual([]);
  await openTokens(page);
  await expect(page.getByTestId('context-chart')).toHaveAttribute('data-points', '7');
  expect(requested.filter((path) => /ContextChart-[^/]+\.js$/.test(path))).toHaveLength(1);
});

import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, openApp } from './helpers';

async function open(page: Page, name: string, count: number): Promise<void> {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(`real/${name}`));
  await expectLoaded(page, name.split('/').pop()!, count);
}

async function openTokens(page: Page): Promise<void> {
  await page.getByTestId('view-switch').locator('[data-view=tokens]').click();
  await expect(page.getByTestId('cost-summary')).toHaveAttribute('data-state', 'ready');
}

const usdOf = async (page: Page): Promise<number> => Number(await page.getByTestId('cost-total').getAttribute('data-usd'));

test('a Claude Code session: the cost is estimated from its usage and the price data, dated', async ({ page }) => {
  // Three claude-sonnet-4-5 turns: 11 uncached, 33,531 cache-write and 49,327 cache-read input tokens and 16 output,
  // at $3, $3.75, $0.30 and $15 a million: $0.14081235.
  await open(page, 'agentcmd/claude-full-session-askuserquestion.jsonl', 9);
  await openTokens(page);
  const total = page.getByTestId('cost-total');
  await expect(total).toHaveAttribute('data-estimated', 'true');
  expect(await usdOf(page)).toBeCloseTo(0.14081235, 10);
  await expect(total).toContainText('$0.1408');
  await expect(total).toContainText('estimated');
  await expect(total).toContainText('from genai-prices 0.1.8 price data of 2026-09-23');
  const row = page.getByTestId('cost-model-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-model', 'claude-sonnet-4-5-20250929');
  await expect(row).toContainText('Anthropic Claude Sonnet 4.5');
  await expect(page.getByTestId('cost-unpriced')).toHaveCount(0);
});

test('a Langfuse trace: the cost Langfuse reports is shown, not an estimate', async ({ page }) => {
  await open(page, 'langfuse/openai-agents-2025-09-30.trace.json', 5);
  await openTokens(page);
  await expect(page.getByTestId('cost-total')).toHaveAttribute('data-estimated', 'false');
  // costDetails.total of its two GENERATIONs: 0.000402 + 0.00023.
  expect(await usdOf(page)).toBeCloseTo(0.000632, 10);
  await expect(page.getByTestId('cost-total')).toContainText('reported by the history');
});

test('a model without a price: no total, the model named, never $0', async ({ page }) => {
  await open(page, 'inspect-ai/log_read_sample.json', 3);
  await openTokens(page);
  await expect(page.getByTestId('cost-total')).toHaveCount(0);
  await expect(page.getByTestId('cost-unpriced')).toHaveAttribute('data-models', 'gemma3');
  await expect(page.getByTestId('cost-model-row')).toHaveAttribute('data-model', 'gemma3');
  await expect(page.getByTestId('cost-model-row')).not.toHaveAttribute('data-usd');
});

test('a history without usage says "no usage reported", and shows the cost the run reports', async ({ page }) => {
  // A SWE-agent trajectory: no message reports usage; info.model_stats.instance_cost is the run's $0.01952.
  await open(page, 'swe-agent/6e44b9__sweagenttestrepo-1c2844.traj', 10);
  const header = page.getByTestId('token-total');
  await expect(header).toHaveAttribute('data-reported', 'false');
  await expect(header).toHaveText('no usage reported');
  await openTokens(page);
  await expect(page.getByTestId('cost-total')).toHaveAttribute('data-estimated', 'false');
  expect(await usdOf(page)).toBeCloseTo(0.01952, 10);
  await expect(page.getByTestId('cost-total')).toContainText('for the whole run');
});

test('a history with neither usage nor cost: no usage reported, and no cost total', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('chunks.langchain.json'));
  await expectLoaded(page, 'chunks.langchain.json', 3);
  await expect(page.getByTestId('token-total')).toHaveText('no usage reported');
  await openTokens(page);
  await expect(page.getByTestId('cost-total')).toHaveCount(0);
  await expect(page.getByTestId('cost-none')).toContainText('No usage reported');
});

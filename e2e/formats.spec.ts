import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, openApp } from './helpers';

// One file of each format, loaded as a user would: every one must be detected and read the same way.
const CROSS = readdirSync(fixturePath('cross-format'))
  .filter((name) => !name.endsWith('.md'))
  .sort();

async function openFile(page: Page, path: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(fixturePath(path));
}

const finding = (page: Page, rule: string, callId: string) => page.locator(`[data-testid=finding][data-rule="${rule}"][data-tool-call-id="${callId}"]`);

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

for (const name of CROSS) {
  const format = name.replace(/\.[^.]+$/, '');
  test(`cross-format ${name}: detected as ${format}, 8 messages, its two findings and the call_bj link`, async ({ page }) => {
    await openFile(page, `cross-format/${name}`);
    await expectLoaded(page, name, 8);
    await expect(page.getByTestId('format')).toHaveAttribute('data-format', format);
    await expect(finding(page, 'tool-results-not-adjacent', 'call_hz')).toHaveCount(1);
    await expect(finding(page, 'orphan-tool-result', 'call_zz')).toHaveCount(1);
    await expect(page.locator('[data-testid=finding]')).toHaveCount(2);
    await expect(page.locator('[data-testid=connector][data-tool-call-id="call_bj"]')).toHaveCount(1);
  });
}

test('a Claude Code session log: read, linked, and its notes say what was skipped', async ({ page }) => {
  await openFile(page, 'formats/claude-code/tool-calls.jsonl');
  await expectLoaded(page, 'tool-calls.jsonl', 5);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'claude-code');
  await expect(page.locator('[data-testid=connector][data-tool-call-id="toolu_read"]')).toHaveCount(1);
  await expect(page.getByTestId('notes')).toContainText('Skipped 2 log entries that are not messages');
});

test('Vercel AI SDK UI messages: read, with their tool calls', async ({ page }) => {
  await openFile(page, 'formats/vercel-ai-ui/tool-calls.json');
  await expectLoaded(page, 'tool-calls.json', 6);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'vercel-ai-ui');
  await expect(page.locator('[data-testid=tool-call][data-tool-call-id="call_weather"]')).toHaveCount(1);
  await expect(page.getByTestId('notes')).toHaveCount(0);
});

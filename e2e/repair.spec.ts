import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp, pasteIntoBox } from './helpers';

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

const ORPHAN_CALL = 'formats/openai-chat/fault.json';
const orphanFinding = (page: Page) => page.locator('[data-testid=finding][data-rule="orphan-tool-call"]');

async function openFixture(page: Page, name: string, count: number): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(fixturePath(name));
  await expectLoaded(page, name.split('/').pop()!, count);
}

/** Opens Repair… and waits for the worker's repair of the history on screen. */
async function openRepair(page: Page) {
  await page.getByTestId('repair-open').click();
  const dialog = page.getByTestId('repair-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-state', 'ready');
  return dialog;
}

test('Repair… lists every edit, downloads the repaired history, and it re-opens without the orphaned call', async ({ page }) => {
  await openFixture(page, ORPHAN_CALL, 4);
  await expect(orphanFinding(page)).toHaveCount(1);
  const dialog = await openRepair(page);
  const edits = dialog.getByTestId('repair-edit');
  await expect(edits).toHaveCount(1);
  await expect(edits.first()).toHaveAttribute('data-rule', 'orphan-tool-call');
  await expect(edits.first()).toHaveAttribute('data-action', 'added');
  await expect(edits.first()).toContainText('added a tool result for get_weather (call_def) after #1');
  await expect(edits.first()).toContainText('has no tool result after it');
  await expect(dialog.getByTestId('repair-verdict')).toHaveAttribute('data-accepted', 'true');
  await expect(dialog.getByTestId('repair-report')).toHaveAttribute('data-format', 'openai-chat');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('repair-download').click()]);
  expect(download.suggestedFilename()).toBe('fault.repaired.json');
  const repaired = await readFile(await download.path());
  await dialog.getByTestId('repair-close').click();
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('file-input').setInputFiles({ name: 'fault.repaired.json', mimeType: 'application/json', buffer: repaired });
  await expectLoaded(page, 'fault.repaired.json', 5);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  await expect(page.getByTestId('finding')).toHaveCount(0);
  await expect(message(page, 3)).toContainText('The call was interrupted');
});

test('the target picker repairs for one provider, and Open repaired loads the result', async ({ page }) => {
  await openFixture(page, 'weather-orphan.openai.json', 7);
  const dialog = await openRepair(page);
  await expect(dialog.getByTestId('repair-edit')).toHaveCount(2);
  // LangGraph takes a stray result and results out of place: nothing it rejects has a mechanical repair here.
  await dialog.getByTestId('repair-target').selectOption('langgraph');
  await expect(dialog).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByTestId('repair-edit')).toHaveCount(0);
  await expect(dialog.getByTestId('repair-download')).toBeDisabled();
  await dialog.getByTestId('repair-target').selectOption('openai-chat');
  await expect(dialog).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByTestId('repair-edit')).toHaveCount(2);
  await dialog.getByTestId('repair-open-result').click();
  await expectLoaded(page, 'weather-orphan.openai.repaired.json', 6);
  await expect(page.locator('[data-testid=finding][data-rule="orphan-tool-result"]')).toHaveCount(0);
  await expect(page.locator('[data-testid=finding][data-rule="tool-results-not-adjacent"]')).toHaveCount(0);
});

/** Opens `value` as the file `name` (pretty-printed JSON). */
async function openHistory(page: Page, name: string, value: unknown, count: number): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(value, null, 2)) });
  await expectLoaded(page, name, count);
}

const findingOf = (page: Page, rule: string) => page.locator(`[data-testid=finding][data-rule="${rule}"]`);

/** The edits listed, each as `action #message [rule]`. */
const listedEdits = async (dialog: Locator): Promise<string[]> =>
  dialog
    .getByTestId('repair-edit')
    .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-action')} #${row.getAttribute('data-message')} [${row.getAttribute('data-rule')}]`));

test('Repair… makes duplicate ids unique, and Open repaired loads a history without them', async ({ page }) => {
  const weather = (id: string) => ({ name: 'get_weather', args: { city: 'Paris' }, id, type: 'tool_call' });
  // LangChain messages: #1 has #0's id, and #3 issues #1's call id again.
  await openHistory(
    page,
    'duplicate-ids.json',
    [
      { type: 'human', data: { content: 'Paris, then Rome', type: 'human', id: 'm1' } },
      { type: 'ai', data: { content: '', type: 'ai', id: 'm1', tool_calls: [weather('call_1')] } },
      { type: 'tool', data: { content: 'Sunny', type: 'tool', tool_call_id: 'call_1', id: 'm3' } },
      { type: 'ai', data: { content: '', type: 'ai', id: 'm4', tool_calls: [weather('call_1')] } },
      { type: 'tool', data: { content: 'Rain', type: 'tool', tool_call_id: 'call_1', id: 'm5' } },
      { type: 'ai', data: { content: 'Sunny, then rain.', type: 'ai', id: 'm6' } },
    ],
    6,
  );
  await expect(findingOf(page, 'duplicate-message-id')).toHaveCount(1);
  await expect(findingOf(page, 'duplicate-tool-call-id')).toHaveCount(1);
  const dialog = await openRepair(page);
  expect(await listedEdits(dialog)).toEqual([
    'renamed #1 [duplicate-message-id]',
    'renamed #3 [duplicate-tool-call-id]',
    'renamed #4 [duplicate-tool-call-id]',
  ]);
  await expect(dialog.getByTestId('repair-edit').nth(1)).toContainText('to call_1_2');
  await expect(dialog.getByTestId('repair-verdict')).toHaveAttribute('data-accepted', 'true');
  await expect(dialog.getByTestId('repair-report')).toHaveAttribute('data-format', 'langchain-stored');
  await dialog.getByTestId('repair-open-result').click();
  await expectLoaded(page, 'duplicate-ids.repaired.json', 6);
  await expect(page.getByTestId('format')).toHaveAttribute('data-format', 'langchain-stored');
  await expect(findingOf(page, 'duplicate-message-id')).toHaveCount(0);
  await expect(findingOf(page, 'duplicate-tool-call-id')).toHaveCount(0);
});

test('Repair… re-attaches a tool result that comes before its call, and Open repaired loads it in place', async ({ page }) => {
  await openHistory(
    page,
    'result-first.json',
    {
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'tool', tool_call_id: 'call_p', content: 'Sunny' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_p', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'assistant', content: 'Sunny in Paris.' },
      ],
    },
    4,
  );
  await expect(findingOf(page, 'tool-result-before-call')).toHaveCount(1);
  const dialog = await openRepair(page);
  expect(await listedEdits(dialog)).toEqual(['moved #1 [tool-result-before-call]']);
  await expect(dialog.getByTestId('repair-edit')).toContainText('moved #1 to just after #2');
  await expect(dialog.getByTestId('repair-verdict')).toHaveAttribute('data-accepted', 'true');
  await expect(dialog.getByTestId('repair-report')).toHaveAttribute('data-format', 'openai-chat');
  await dialog.getByTestId('repair-open-result').click();
  await expectLoaded(page, 'result-first.repaired.json', 4);
  await expect(findingOf(page, 'tool-result-before-call')).toHaveCount(0);
  await expect(page.getByTestId('finding')).toHaveCount(0);
  // The result is now right after the call it answers.
  await expect(message(page, 2)).toContainText('Sunny');
});

test('Repair… moves a late system message to the start, and Open repaired loads it there', async ({ page }) => {
  await openHistory(
    page,
    'late-system.json',
    {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Answer in French.' },
        { role: 'assistant', content: 'Bonjour' },
      ],
    },
    4,
  );
  await expect(findingOf(page, 'system-not-first')).toHaveCount(1);
  const dialog = await openRepair(page);
  expect(await listedEdits(dialog)).toEqual(['moved #2 [system-not-first]']);
  await expect(dialog.getByTestId('repair-edit')).toContainText('moved system message #2 to the start');
  await expect(dialog.getByTestId('repair-verdict')).toHaveAttribute('data-accepted', 'true');
  await dialog.getByTestId('repair-open-result').click();
  await expectLoaded(page, 'late-system.repaired.json', 4);
  await expect(findingOf(page, 'system-not-first')).toHaveCount(0);
  await expect(message(page, 1)).toContainText('Answer in French.');
  await expect(message(page, 2)).toContainText('Hi');
});

test('a finding shows its fix, and its rule id opens the rule’s section of the rules page in a new tab', async ({ page, context }) => {
  await openFixture(page, ORPHAN_CALL, 4);
  const finding = orphanFinding(page);
  await expect(finding.getByTestId('finding-fix')).toBeVisible();
  await expect(finding.getByTestId('finding-fix')).toContainText('Add a ToolMessage with tool_call_id="call_def"');
  const link = finding.getByTestId('finding-rule-link');
  await expect(link).toHaveAttribute('href', 'rules.html#orphan-tool-call');
  await expect(link).toHaveAttribute('target', '_blank');
  const origin = new URL(page.url()).origin;
  const [rules] = await Promise.all([context.waitForEvent('page'), link.click()]);
  const elsewhere: string[] = [];
  rules.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
  });
  await rules.waitForLoadState();
  expect(rules.url()).toBe(`${origin}/rules.html#orphan-tool-call`);
  await expect(rules.locator('h1')).toHaveText('Rules and provider verdicts');
  const row = rules.locator('tr#orphan-tool-call');
  await expect(row).toBeInViewport();
  await expect(row).toContainText('an AI tool call has no tool result after it');
  await expect(rules.locator('tr#repair-orphan-tool-call')).toContainText('The call was interrupted');
  // Its stylesheet applied (the policy lets it load that and nothing else).
  expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(elsewhere).toEqual([]);
  // The page it was opened from is still there, with the history.
  await expect(orphanFinding(page)).toHaveCount(1);
});

test('a card’s finding marker shows its finding in the list, past the steps shown, from the Providers tab too', async ({ page }) => {
  // 150 unanswered calls: the last one's finding is past the first hundred the list shows.
  const messages: unknown[] = [];
  for (let i = 0; i < 150; i++) {
    messages.push({ type: 'ai', data: { content: '', id: `ai_${i}`, tool_calls: [{ name: 'lookup', args: {}, id: `call_${i}`, type: 'tool_call' }] } });
    messages.push({ type: 'human', data: { content: `Question ${i}`, id: `h_${i}` } });
  }
  await pasteIntoBox(page, JSON.stringify(messages));
  await expectLoaded(page, 'paste', 300);
  const last = page.locator('[data-testid=finding][data-message-index="298"]');
  await expect(last).toHaveCount(0);
  await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
  await page.getByTestId('timeline').evaluate((el) => void (el.scrollTop = el.scrollHeight));
  const marker = message(page, 298).getByTestId('message-finding');
  await expect(marker).toHaveAttribute('data-rule', 'orphan-tool-call');
  await marker.click();
  await expect(page.locator('[data-testid=side-tab][data-tab=findings]')).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('data-focused', 'true');
  await expect(last.locator('.finding-main')).toBeFocused();
  await expect(page.locator('[data-testid=finding][data-focused]')).toHaveCount(1);
  // Another marker moves the mark.
  await page.getByTestId('timeline').evaluate((el) => void (el.scrollTop = 0));
  await message(page, 0).locator('[data-testid=message-finding][data-rule="orphan-tool-call"]').click();
  await expect(page.locator('[data-testid=finding][data-message-index="0"][data-rule="orphan-tool-call"]')).toHaveAttribute('data-focused', 'true');
  await expect(last).not.toHaveAttribute('data-focused', 'true');
});

import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp } from './helpers';

// A real Claude Code session (claude-code-transcripts' sample): 12 tool calls, one Bash run that failed (pytest, exit code 1).
const SESSION = 'real/claude-code-transcripts/sample_session.json';

async function openTools(page: Page): Promise<void> {
  await page.locator('[data-testid=view-switch] [data-view=tools]').click();
  await expect(page.getByTestId('tools-table')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('tool-call-row');

test('finds the failing tool of a real run and shows its result in the detail pane', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(SESSION));
  await expectLoaded(page, 'sample_session.json', 33);
  await openTools(page);
  const table = page.getByTestId('tools-table');
  await expect(table).toHaveAttribute('data-row-count', '12');
  expect(new URL(page.url()).hash).toContain('view=tools');

  // The tool that failed most is the first line above the table.
  const first = page.getByTestId('tool-summary-row').first();
  await expect(first).toHaveAttribute('data-tool-name', 'Bash');
  await expect(first).toHaveAttribute('data-errors', '1');

  const failed = page.locator('[data-testid=tool-call-row][data-status=error]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute('data-tool-call-id', 'toolu_bash_004');
  await expect(failed).toHaveAttribute('data-tool-name', 'Bash');
  // The session carries timestamps: the call took a measurable time.
  await expect(failed.locator('.col-duration')).not.toHaveText('');

  await failed.getByTestId('tool-call-answered').click();
  const detail = page.getByTestId('detail');
  await expect(detail).toHaveAttribute('data-index', '20');
  await expect(detail).toContainText('Exit code 1');
  await expect(failed).toHaveAttribute('data-selected', 'true');

  // Its call, one click away.
  const issued = await failed.getByTestId('tool-call-issued').getAttribute('data-index');
  await failed.getByTestId('tool-call-issued').click();
  await expect(detail).toHaveAttribute('data-index', issued ?? '');
  await expect(detail).toContainText('toolu_bash_004');

  // The selection is the page's, not the view's: the address keeps it, and the timeline has it.
  expect(new URL(page.url()).hash).toContain(`m=${issued}`);
  await page.locator('[data-testid=view-switch] [data-view=timeline]').click();
  await expect(detail).toHaveAttribute('data-index', issued ?? '');
  // And the other way round: the call of a message selected in the timeline is the row selected in the table.
  await page.getByTestId('jump-first').click();
  await message(page, 3).locator('.card-text').click();
  await expect(detail).toHaveAttribute('data-index', '3');
  await openTools(page);
  await expect(page.locator('[data-testid=tool-call-row][data-selected=true]')).toHaveAttribute('data-tool-call-id', 'toolu_bash_001');
});

test('filters by tool, status and text; sorts by a column', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(SESSION));
  await expectLoaded(page, 'sample_session.json', 33);
  await openTools(page);
  const table = page.getByTestId('tools-table');

  const bash = page.locator('[data-testid=tool-summary-row][data-tool-name=Bash]');
  const bashCalls = await bash.getAttribute('data-calls');
  await bash.click();
  await expect(table).toHaveAttribute('data-row-count', bashCalls ?? '');
  await expect(rows(page).and(page.locator(':not([data-tool-name=Bash])'))).toHaveCount(0);
  await bash.click();
  await expect(table).toHaveAttribute('data-row-count', '12');

  await page.locator('[data-testid=tool-status-filter] [data-status=error]').click();
  await expect(table).toHaveAttribute('data-row-count', '1');
  await page.locator('[data-testid=tool-status-filter] [data-status=error]').click();

  await page.getByTestId('tools-filter').fill('TODOWRITE');
  await expect(rows(page).first()).toHaveAttribute('data-tool-name', 'TodoWrite');
  await expect(rows(page).and(page.locator(':not([data-tool-name=TodoWrite])'))).toHaveCount(0);
  await page.getByTestId('tools-filter').fill('');
  await expect(table).toHaveAttribute('data-row-count', '12');

  // Status, ascending: what went wrong comes first.
  const status = page.locator('[data-testid=tools-column-header][data-column=status]');
  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toHaveAttribute('data-status', 'error');

  // Switching to the timeline and back keeps the order and the filters.
  await page.getByTestId('tools-filter').fill('bash');
  await page.locator('[data-testid=view-switch] [data-view=timeline]').click();
  await openTools(page);
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('tools-filter')).toHaveValue('bash');
  await expect(table).toHaveAttribute('data-row-count', bashCalls ?? '');
});

test('an orphan call shows as orphan, with no result to click', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('formats/claude-code/fault.jsonl'));
  await expectLoaded(page, 'fault.jsonl', 7);
  await openTools(page);
  const orphan = page.locator('[data-testid=tool-call-row][data-tool-call-id=toolu_bash]');
  await expect(orphan).toHaveAttribute('data-status', 'orphan');
  await expect(orphan.getByTestId('tool-call-answered')).toHaveCount(0);
  await expect(page.locator('[data-testid=tool-call-row][data-tool-call-id=toolu_missing]')).toHaveAttribute('data-status', 'error');
  // A click on the row selects the call.
  await orphan.click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '3');
});

test('20,000 calls: only the rows in view are in the DOM, and filtering answers', async ({ page }) => {
  const history: unknown[] = [];
  for (let i = 0; i < 10_000; i++) {
    history.push({
      type: 'ai',
      data: { content: '', tool_calls: [0, 1].map((k) => ({ name: k ? 'read' : 'search', args: { i }, id: `c${i}_${k}`, type: 'tool_call' })) },
    });
    for (const k of [0, 1])
      history.push({ type: 'tool', data: { content: `r${i}`, tool_call_id: `c${i}_${k}`, status: i % 1000 === 7 && k ? 'error' : 'success' } });
  }
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'many-calls.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(history)) });
  await expectLoaded(page, 'many-calls.json', 30_000);
  await openTools(page);
  const table = page.getByTestId('tools-table');
  await expect(table).toHaveAttribute('data-row-count', '20000');
  expect(await rows(page).count()).toBeLessThan(100);
  await page.locator('[data-testid=tool-status-filter] [data-status=error]').click();
  await expect(table).toHaveAttribute('data-row-count', '10');
  await expect(page.locator('[data-testid=tool-summary-row][data-tool-name=read]')).toHaveAttribute('data-errors', '10');
});

test('a call of over a minute shows its whole duration at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
  const line = (fields: object) => JSON.stringify({ sessionId: 's', cwd: '/p', ...fields });
  const session = [
    line({ type: 'user', uuid: 'u1', timestamp: at(0), message: { role: 'user', content: 'Build it' } }),
    line({
      type: 'assistant',
      uuid: 'u2',
      timestamp: at(1),
      message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_slow', name: 'Bash', input: { command: 'make' } }] },
    }),
    line({
      type: 'user',
      uuid: 'u3',
      timestamp: at(97),
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_slow', content: 'done' }] },
    }),
  ].join('\n');
  await page.route(
    (url) => url.pathname === '/slow.jsonl',
    (route) => route.fulfill({ body: session, contentType: 'application/json' }),
  );
  await page.goto('/?src=/slow.jsonl');
  await expectLoaded(page, '/slow.jsonl', 3);
  await openTools(page);
  const duration = page.locator('[data-testid=tool-call-row][data-tool-call-id=toolu_slow] .col-duration');
  await expect(duration).toHaveText('1m 36s');
  expect(await duration.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(false);
});

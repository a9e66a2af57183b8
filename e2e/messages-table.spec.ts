import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp } from './helpers';

/**
 * A LangChain stored history of `turns` turns (human → AI with one call → tool result → AI answer, 4 messages a
 * turn), with usage on the AI messages chosen so that output tokens tie often and input tokens never do; and what
 * the table should know of each message, to compute the orders the tests expect.
 */
function tableHistory(turns: number) {
  const messages: unknown[] = [];
  const facts: { role: string; tokensIn?: number; tokensOut?: number }[] = [];
  for (let t = 0; t < turns; t++) {
    const tool = t % 2 === 0 ? 'read_file' : 'search_docs';
    const first = { in: 1000 + ((t * 37) % 500) * 2, out: 10 + (t % 7) };
    const second = { in: first.in + 1, out: 10 + ((t + 3) % 7) };
    const usage = (u: { in: number; out: number }) => ({ input_tokens: u.in, output_tokens: u.out, total_tokens: u.in + u.out });
    messages.push({ type: 'human', data: { content: `question ${t}`, id: `h_${t}` } });
    facts.push({ role: 'human' });
    messages.push({
      type: 'ai',
      data: { content: '', id: `ai_${t}`, tool_calls: [{ name: tool, args: { n: t }, id: `call_${t}`, type: 'tool_call' }], usage_metadata: usage(first) },
    });
    facts.push({ role: 'ai', tokensIn: first.in, tokensOut: first.out });
    messages.push({ type: 'tool', data: { content: `result number ${t}`, tool_call_id: `call_${t}`, name: tool, id: `tool_${t}`, status: 'success' } });
    facts.push({ role: 'tool' });
    messages.push({ type: 'ai', data: { content: `answer ${t}`, id: `ai_${t}_b`, usage_metadata: usage(second) } });
    facts.push({ role: 'ai', tokensIn: second.in, tokensOut: second.out });
  }
  return { text: JSON.stringify(messages), facts };
}

const TURNS = 100;
const { text: HISTORY, facts: FACTS } = tableHistory(TURNS);
const COUNT = FACTS.length;

/** By a number, largest first, a message without one last. */
const desc = (value: (i: number) => number | undefined) => (a: number, b: number) => {
  const [x, y] = [value(a), value(b)];
  if (x === y) return 0;
  if (x === undefined) return 1;
  if (y === undefined) return -1;
  return y - x;
};

async function openHistory(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/table.json',
    (route) => route.fulfill({ body: HISTORY, contentType: 'application/json' }),
  );
  await page.goto('/?src=/table.json');
  await expectLoaded(page, '/table.json', COUNT);
}

const table = (page: Page) => page.getByTestId('messages-table');
const header = (page: Page, column: string) => page.locator(`[data-testid=column-header][data-column="${column}"]`);
const row = (page: Page, index: number) => page.locator(`[data-testid=table-row][data-index="${index}"]`);

/** The message indices of the rows in the DOM, top to bottom (only those near the viewport are there). */
async function shownOrder(page: Page): Promise<number[]> {
  const rows = await page
    .getByTestId('table-row')
    .evaluateAll((elements) => elements.map((el) => [Number(el.getAttribute('aria-rowindex')), Number(el.getAttribute('data-index'))] as const));
  return rows.sort((a, b) => a[0] - b[0]).map(([, index]) => index);
}

async function expectOrderStartsWith(page: Page, expected: number[]): Promise<void> {
  await expect(table(page)).not.toHaveAttribute('data-busy', 'true');
  await expect.poll(async () => (await shownOrder(page)).slice(0, expected.length)).toEqual(expected);
}

async function openTable(page: Page): Promise<void> {
  await page.getByTestId('view-switch').locator('[data-view=table]').click();
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));
}

test('the table opens from the view switch, is kept in the address and over a reload', async ({ page }) => {
  await openHistory(page);
  await openTable(page);
  await expect(page).toHaveURL(/[#&]view=table/);
  // Virtualized: a screenful of rows, not 400.
  expect(await page.getByTestId('table-row').count()).toBeLessThan(80);
  await expectOrderStartsWith(page, [0, 1, 2, 3, 4, 5]);
  await page.reload();
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));
  await expect(page.getByTestId('view-switch').locator('[data-view=table]')).toHaveAttribute('aria-pressed', 'true');
});

test('sorts by a column, and Shift+click sorts by a second one', async ({ page }) => {
  await openHistory(page);
  await openTable(page);
  const all = Array.from({ length: COUNT }, (_, i) => i);

  // Output tokens: largest first on the first click; ties in message order; no usage last.
  await header(page, 'tokensOut').getByRole('button').click();
  await expect(header(page, 'tokensOut')).toHaveAttribute('aria-sort', 'descending');
  const byOut = [...all].sort((a, b) => desc((i) => FACTS[i]!.tokensOut)(a, b) || a - b);
  await expectOrderStartsWith(page, byOut.slice(0, 15));

  // Then input tokens among equal outputs.
  await header(page, 'tokensIn')
    .getByRole('button')
    .click({ modifiers: ['Shift'] });
  await expect(header(page, 'tokensIn')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(page, 'tokensOut')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(page, 'tokensIn')).toHaveAttribute('data-sort-index', '2');
  const byOutThenIn = [...all].sort((a, b) => desc((i) => FACTS[i]!.tokensOut)(a, b) || desc((i) => FACTS[i]!.tokensIn)(a, b) || a - b);
  expect(byOutThenIn.slice(0, 15)).not.toEqual(byOut.slice(0, 15));
  await expectOrderStartsWith(page, byOutThenIn.slice(0, 15));

  // A plain click on another column sorts by it alone; the index ascends first, a second click turns it round.
  await header(page, 'index').getByRole('button').click();
  await expect(header(page, 'tokensOut')).toHaveAttribute('aria-sort', 'none');
  await expect(header(page, 'index')).toHaveAttribute('aria-sort', 'ascending');
  await header(page, 'index').getByRole('button').click();
  await expect(header(page, 'index')).toHaveAttribute('aria-sort', 'descending');
  await expectOrderStartsWith(page, [COUNT - 1, COUNT - 2, COUNT - 3]);
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));
});

test('filters by text (content, tool names, ids) and by role, the same filters as the timeline', async ({ page }) => {
  await openHistory(page);
  await openTable(page);
  const filter = page.getByTestId('table-filter');

  await filter.fill('question 1');
  // question 1, 10–19.
  await expect(table(page)).toHaveAttribute('data-row-count', '11');
  await filter.fill('read_file');
  // The calls of even turns and their results, which carry the tool's name.
  await expect(table(page)).toHaveAttribute('data-row-count', String(TURNS));
  await filter.fill('call_42');
  await expect(table(page)).toHaveAttribute('data-row-count', '2');
  await expectOrderStartsWith(page, [42 * 4 + 1, 42 * 4 + 2]);
  await expect(page).toHaveURL(/[#&]q=call_42/);

  // The timeline's search is the same filter.
  await page.getByTestId('view-switch').locator('[data-view=timeline]').click();
  await expect(page.getByTestId('search')).toHaveValue('call_42');
  await page.getByTestId('view-switch').locator('[data-view=table]').click();
  await filter.fill('');
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));

  await page.locator('[data-testid=role-filter][data-role=tool]').click();
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT - TURNS));
  // The address names the roles shown: every one but the tool's.
  await expect(page).toHaveURL(/[#&]role=(?![^&]*tool)[^&]*human[^&]*ai/);
  await page.locator('[data-testid=role-filter][data-role=human]').click();
  await expect(table(page)).toHaveAttribute('data-row-count', String(2 * TURNS));
  for (const index of await shownOrder(page)) expect(FACTS[index]!.role).toBe('ai');
  await page.locator('[data-testid=role-filter][data-role=human]').click();
  await page.locator('[data-testid=role-filter][data-role=tool]').click();
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));
});

test('only with findings keeps the messages that have one, counted by severity', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('tool-error-retry.langchain.json'));
  await expectLoaded(page, 'tool-error-retry.langchain.json', 7);
  await page.getByTestId('view-switch').locator('[data-view=table]').click();
  await expect(table(page)).toHaveAttribute('data-row-count', '7');
  // The usage the history reports; where it reports none, "—" or an estimate marked ≈, never a plain number.
  await expect(row(page, 2).locator('[data-column=tokensIn]')).toHaveText('2,677');
  await expect(row(page, 1).locator('[data-column=tokensIn]')).toHaveText(/^(—|≈[\d,]+)$/);
  await expect(row(page, 2).locator('[data-column=calls]')).toContainText('create_order');

  const withFindings = await page
    .locator('[data-testid=table-row]:has([data-column=findings] [data-severity])')
    .evaluateAll((rows) => rows.map((el) => Number(el.getAttribute('data-index'))));
  expect(withFindings.length).toBeGreaterThan(0);
  expect(withFindings.length).toBeLessThan(7);
  await page.getByTestId('table-only-findings').check();
  await expect(table(page)).toHaveAttribute('data-row-count', String(withFindings.length));
  expect((await shownOrder(page)).sort()).toEqual(withFindings.sort());

  // Findings sort errors first.
  await header(page, 'findings').getByRole('button').click();
  await expect(table(page)).not.toHaveAttribute('data-busy', 'true');
  const severities = await page
    .getByTestId('table-row')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((el) => (el.querySelector('[data-severity=error]') ? 2 : el.querySelector('[data-severity=warning]') ? 1 : 0)),
    );
  expect(severities).toEqual([...severities].sort((a, b) => b - a));
});

test('a row clicked is the selection: the detail pane shows it and the timeline scrolls to it', async ({ page }) => {
  await openHistory(page);
  await openTable(page);
  await header(page, 'index').getByRole('button').click();
  await header(page, 'index').getByRole('button').click();
  await expectOrderStartsWith(page, [COUNT - 1]);
  const target = COUNT - 3;
  await row(page, target).click();
  await expect(row(page, target)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(target));
  await expect(page).toHaveURL(new RegExp(`[#&]m=${target}(&|$)`));

  // The keys move it in the table's order (here: down is towards the start of the run).
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(target - 1));
  await page.keyboard.press('k');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(target));
  await page.keyboard.press('End');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '0');
  await expect(row(page, 0)).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(row(page, COUNT - 1)).toHaveAttribute('aria-selected', 'true');
  await row(page, target).click();

  // The timeline shows the same message, scrolled into view though it is near the end of the run.
  await page.getByTestId('view-switch').locator('[data-view=timeline]').click();
  await expect(message(page, target)).toHaveAttribute('data-selected', 'true');
  await expect(message(page, target)).toBeInViewport();
});

test('a message selected in the timeline is highlighted and scrolled to when the table opens', async ({ page }) => {
  await openHistory(page);
  // The table sorted newest first: message 5 is near its end.
  await openTable(page);
  await header(page, 'index').getByRole('button').click();
  await header(page, 'index').getByRole('button').click();
  await expectOrderStartsWith(page, [COUNT - 1]);
  await page.getByTestId('view-switch').locator('[data-view=timeline]').click();
  await message(page, 5).click();
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '5');

  await page.getByTestId('view-switch').locator('[data-view=table]').click();
  await expect(header(page, 'index')).toHaveAttribute('aria-sort', 'descending');
  await expect(row(page, 5)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 5)).toBeInViewport();
  await expect(row(page, COUNT - 1)).not.toBeInViewport();
});

test('the columns shown are kept in this browser', async ({ page }) => {
  await openHistory(page);
  await openTable(page);
  await expect(header(page, 'latency')).toHaveCount(1);
  await expect(header(page, 'model')).toHaveCount(0);
  await page.getByTestId('table-columns').click();
  await page.locator('[data-testid=table-column-toggle][data-column=latency]').uncheck();
  await page.locator('[data-testid=table-column-toggle][data-column=model]').check();
  await expect(page.locator('[data-testid=table-column-toggle][data-column=index]')).toBeDisabled();
  await expect(header(page, 'latency')).toHaveCount(0);
  await expect(header(page, 'model')).toHaveCount(1);
  await page.reload();
  await expect(table(page)).toHaveAttribute('data-row-count', String(COUNT));
  await expect(header(page, 'latency')).toHaveCount(0);
  await expect(header(page, 'model')).toHaveCount(1);
  await expect(row(page, 1).locator('[data-column=model]')).toHaveCount(1);
  await expect(row(page, 1).locator('[data-column=latency]')).toHaveCount(0);
});

test('at 1280 px a role and a sorted header are not cut', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const history = [
    { type: 'system', data: { content: 'You are helpful.', id: 's' } },
    { type: 'human', data: { content: 'Hello', id: 'h' } },
  ];
  await page.route(
    (url) => url.pathname === '/system.json',
    (route) => route.fulfill({ body: JSON.stringify(history), contentType: 'application/json' }),
  );
  await page.goto('/?src=/system.json#view=table');
  await expect(table(page)).toHaveAttribute('data-row-count', '2');
  await expect(row(page, 0).locator('[data-column=role]')).toHaveText('System');
  await header(page, 'latency').locator('button').click();
  await expect(header(page, 'latency')).toHaveAttribute('aria-sort', 'descending');
  // What the cell or the header holds fits its width: nothing ends in an ellipsis.
  const cut = (selector: string) => page.locator(selector).evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(await cut('[data-testid=table-row][data-index="0"] [data-column=role] .cell-role')).toBe(false);
  expect(await cut('[data-testid=column-header][data-column=latency] .column-label')).toBe(false);
});

import { expect, test, type Page } from '@playwright/test';
import { generateHistory } from '../scripts/bench/generate.mjs';
import { message, openApp, SAMPLE } from './helpers';

const COUNT = 10_000;
/** Where the moved result lands: far from its call, so the link between them is off screen. */
const MOVED_TO = 9000;

/** The benchmark's generated history, with one tool result moved far from its call (a finding there). */
function scaleHistory(): { text: string; callIndex: number; callId: string } {
  const messages = generateHistory(COUNT);
  const from = messages.findIndex((m, i) => i > 300 && m.type === 'tool');
  const [moved] = messages.splice(from, 1);
  messages.splice(MOVED_TO, 0, moved!);
  return { text: JSON.stringify(messages), callIndex: from - 1, callId: String(moved!.data.tool_call_id) };
}

async function serve(page: Page, path: string, body: string): Promise<void> {
  // Match the path only: a glob would also match the page URL, whose query ends with the same text.
  await page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ body, contentType: 'application/json' }),
  );
}

test('a 10,000-message history: jump to the end, follow an overview marker and off-screen links', async ({ page }) => {
  const { text, callIndex, callId } = scaleHistory();
  await serve(page, '/scale.json', text);
  await page.goto('/?src=/scale.json');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(timeline).toHaveAttribute('data-message-count', String(COUNT));
  // Virtualized: a screenful of cards, not ten thousand.
  expect(await page.getByTestId('message').count()).toBeLessThan(60);

  await page.getByTestId('jump-last').click();
  await expect(message(page, COUNT - 1)).toBeInViewport();
  await page.getByTestId('jump-first').click();
  await expect(message(page, 0)).toBeInViewport();

  const marker = page.locator(`[data-testid=overview-marker][data-index="${MOVED_TO}"]`);
  await expect(marker).toHaveAttribute('data-severity', 'error');
  await marker.click();
  const result = message(page, MOVED_TO);
  await expect(result).toHaveAttribute('data-selected', 'true');
  await expect(result).toBeInViewport();

  // The result's call is thousands of messages up: the chip says so and goes there.
  const up = result.getByTestId('offscreen-link');
  await expect(up).toHaveAttribute('data-target-index', String(callIndex));
  await expect(up).toHaveText(/↑/);
  await up.click();
  const call = message(page, callIndex);
  await expect(call).toHaveAttribute('data-selected', 'true');
  await expect(call).toBeInViewport();

  const down = call.locator(`[data-testid=tool-call][data-tool-call-id="${callId}"] + [data-testid=offscreen-link]`);
  await expect(down).toHaveAttribute('data-distance', String(MOVED_TO - callIndex));
  await down.click();
  await expect(result).toBeInViewport();
});

test('a load in progress shows its progress and can be cancelled, keeping the history on screen', async ({ page }) => {
  await openApp(page);
  // Another sample, but its server never answers: the load waits until cancelled.
  await page.route(
    (url) => url.pathname.endsWith('/samples/failed-tool-retry.gemini-cli.json'),
    () => undefined,
  );
  await page.getByTestId('samples').click();
  await page.locator('[data-testid=sample-item][data-file="failed-tool-retry.gemini-cli.json"]').click();
  const progress = page.getByTestId('progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'loading');
  await page.getByTestId('cancel-load').click();
  await expect(progress).toHaveCount(0);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-message-count', String(SAMPLE.count));
  // The history on screen still answers: its detail comes from its own worker, untouched by the cancel.
  await message(page, 1).click();
  await expect(page.getByTestId('detail-json')).toBeVisible();
});

test('a JSON Lines history of 3,000 messages opens within seconds', async ({ page }) => {
  // Every line of a network chunk used to be read again at each later character: this took minutes.
  const lines = generateHistory(3000).map((m) => JSON.stringify(m));
  await serve(page, '/scale.jsonl', `${lines.join('\n')}\n`);
  await page.goto('/?src=/scale.jsonl');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(timeline).toHaveAttribute('data-message-count', '3000');
  await expect(page.getByTestId('format')).toContainText('LangChain stored messages');
});

test('search and role filters on a 10,000-message history', async ({ page }) => {
  const { text, callIndex, callId } = scaleHistory();
  await serve(page, '/scale.json', text);
  await page.goto('/?src=/scale.json');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(COUNT), { timeout: 30_000 });
  const shown = page.getByTestId('shown-count');
  await expect(shown).toHaveText('10,000 messages');

  // The call and its result carry the id; nothing else does.
  await page.getByTestId('search').fill(callId);
  await expect(shown).toHaveText('2 of 10,000');
  await expect(message(page, callIndex)).toBeVisible();
  await expect(message(page, MOVED_TO)).toBeVisible();

  await page.locator('[data-testid=role-filter][data-role=tool]').click();
  await expect(shown).toHaveText('1 of 10,000');
  await expect(message(page, MOVED_TO)).toHaveCount(0);

  await page.getByTestId('search').fill('');
  await expect(shown).not.toHaveText(/10,000 messages/);
  await page.locator('[data-testid=role-filter][data-role=tool]').click();
  await expect(shown).toHaveText('10,000 messages');
});

test('a 5 MB tool output never goes into the page whole: the card and the detail pane show parts on request', async ({ page }) => {
  const output = Array.from({ length: 100_000 }, (_, i) => `row ${String(i).padStart(6, '0')} ${'x'.repeat(40)}`).join('\n');
  const history = [
    { type: 'human', data: { content: 'Dump the table.', id: 'h1' } },
    { type: 'ai', data: { content: '', id: 'a1', tool_calls: [{ name: 'dump', args: {}, id: 'call_dump', type: 'tool_call' }] } },
    { type: 'tool', data: { content: output, tool_call_id: 'call_dump', id: 't1' } },
    { type: 'ai', data: { content: 'Done.', id: 'a2' } },
  ];
  await serve(page, '/big.json', JSON.stringify(history));
  await page.goto('/?src=/big.json');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', '4', { timeout: 30_000 });
  const pageText = async () => page.evaluate(() => document.body.innerText.length);
  expect(output.length).toBeGreaterThan(5_000_000);

  const card = message(page, 2);
  await expect(card).toContainText('row 000000');
  expect(await pageText()).toBeLessThan(20_000);
  await card.getByTestId('card-show-all').click();
  await expect(card).toContainText('row 000300');
  await expect(card).toContainText('more in the detail pane');
  expect(await pageText()).toBeLessThan(60_000);

  await card.click();
  const detail = page.getByTestId('detail-text');
  await expect(detail).toContainText('row 000300');
  await expect(detail).not.toContainText('row 099999');
  await page.getByTestId('detail').getByTestId('show-more').first().click();
  // A tool's output is plain text (never Markdown), which grows by 200,000 characters a click: about 3,850 rows more.
  await expect(detail).toContainText('row 004200');
  await expect(detail).not.toContainText('row 004300');
  expect(await pageText()).toBeLessThan(1_000_000);
});

test('a wheel turn moves a list taller than the browser allows as far as it moves a short one', async ({ page }) => {
  // Cards of eight lines, 60,000 of them: over 8 million pixels, so the canvas is scaled.
  const text = Array.from({ length: 8 }, (_, line) => `line ${line + 1} of a long answer`).join('\n');
  const messages = Array.from({ length: 60_000 }, (_, i) => ({ type: i % 2 ? 'ai' : 'human', data: { content: `${i}\n${text}`, id: `m_${i}` } }));
  await serve(page, '/tall.json', JSON.stringify(messages));
  await page.goto('/?src=/tall.json');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(timeline).toHaveAttribute('data-message-count', '60000');
  const card = message(page, 4);
  const box = await timeline.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  const topOf = async () => (await card.boundingBox())!.y;
  const before = await topOf();
  await page.mouse.wheel(0, 300);
  // The scroll is animated: wait until the card stops moving.
  let after = before;
  await expect(async () => {
    const now = await topOf();
    const settled = now === after && now !== before;
    after = now;
    expect(settled).toBe(true);
  }).toPass({ intervals: [100, 100, 100, 200, 200, 400] });
  expect(before - after).toBeGreaterThan(290);
  expect(before - after).toBeLessThan(310);

  // Page Down moves the rows by less than the viewport, so nothing is skipped.
  const viewport = await timeline.evaluate((element) => element.clientHeight);
  // The first card whose top is in view: after a page it is still drawn, just above the viewport.
  const index = await timeline.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const cards = [...element.querySelectorAll('[data-testid=message]')].filter((card) => card.getBoundingClientRect().top >= top);
    return Number(cards.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]?.getAttribute('data-index'));
  });
  const paged = message(page, index);
  const start = (await paged.boundingBox())!.y;
  await timeline.focus();
  await page.keyboard.press('PageDown');
  await expect(async () => {
    const moved = start - (await paged.boundingBox())!.y;
    expect(moved).toBeGreaterThan(0.8 * viewport);
    expect(moved).toBeLessThan(viewport);
  }).toPass({ intervals: [100, 200, 200, 400] });
});

test('a history exported twice: its thousands of findings come a hundred at a time, and a provider’s problems of one rule fold past 20', async ({ page }) => {
  // Every message and call id is repeated: one finding per repeated message, and problems for every provider.
  const once = generateHistory(2000);
  await serve(page, '/twice.json', JSON.stringify([...once, ...once]));
  await page.goto('/?src=/twice.json');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(timeline).toHaveAttribute('data-message-count', '4000');

  // 2,000 repeated message ids, and the second system message.
  const warnings = page.locator('.finding-group[data-severity=warning]');
  await expect(warnings.locator('.count').first()).toHaveText('2,001');
  await expect(warnings.getByTestId('finding')).toHaveCount(100);
  const more = warnings.getByTestId('show-more');
  await expect(more).toHaveText('Show 100 more');
  await expect(more).toHaveAttribute('data-hidden', '1901');
  await more.click();
  await expect(warnings.getByTestId('finding')).toHaveCount(200);
  await expect(more).toHaveAttribute('data-hidden', '1801');
  // A finding further down the list still jumps to its message.
  await warnings.getByTestId('finding').nth(150).click();
  await expect(page.locator('[data-testid=message][data-selected=true]')).toBeInViewport();

  await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
  const rejecting = page.locator('[data-testid=verdict][data-accepted=false]').first();
  // Each rule's first 20 problems are quoted; the rest of that rule is one problem that says how many it holds.
  const folded = rejecting.getByTestId('verdict-count').first();
  await expect(folded).toBeVisible();
  const held = Number(await folded.getAttribute('data-count'));
  expect(held).toBeGreaterThan(20);
  await expect(folded).toContainText(`${held} findings of this rule`);
  const problems = await rejecting.getByTestId('verdict-problem').count();
  expect(problems).toBeGreaterThan(20);
  expect(problems).toBeLessThan(100);
  // The folded problem still links its messages.
  const problem = rejecting
    .getByTestId('verdict-problem')
    .filter({ has: page.getByTestId('verdict-count') })
    .first();
  await problem.getByTestId('verdict-message').nth(3).click();
  await expect(page.locator('[data-testid=message][data-selected=true]')).toBeInViewport();
});

import { expect, test, type Page } from '@playwright/test';
import { focusedStop } from './focusStops';
import { fixtureText, message } from './helpers';

/**
 * Keyboard first: every shortcut works on a page just opened, nothing clicked or focused (the body has the focus);
 * `?` lists them. The weather history: 7 messages, findings on #2, #5 and #6.
 */
const WEATHER = 'weather-orphan.openai.json';

async function openWeather(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/history.json',
    (route) => route.fulfill({ body: fixtureText(WEATHER), contentType: 'application/json' }),
  );
  await page.goto('/?src=/history.json');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-message-count', '7');
  await expect(message(page, 0)).toBeVisible();
  // Nothing is focused: the keys go to the page itself.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

const selected = (page: Page) => page.locator('[data-testid=message][data-selected=true]');
const detailIndex = (page: Page) => page.getByTestId('detail');

test('j, k, the arrows, g and G step through the messages without a click first', async ({ page }) => {
  await openWeather(page);
  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  await expect(selected(page)).toHaveAttribute('data-index', '2');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '2');
  await page.keyboard.press('k');
  await expect(selected(page)).toHaveAttribute('data-index', '1');
  await page.keyboard.press('ArrowUp');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Shift+G');
  await expect(selected(page)).toHaveAttribute('data-index', '6');
  await expect(message(page, 6)).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('g');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  await expect(message(page, 0)).toBeInViewport({ ratio: 1 });
  // Ctrl and friends are the browser's: Ctrl+J does not step.
  await page.keyboard.press('Control+j');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
});

test('n and N go through the findings in the list’s order, select each one’s message and mark it in the list', async ({ page }) => {
  await openWeather(page);
  const findings = page.getByTestId('finding');
  const count = await findings.count();
  expect(count).toBeGreaterThan(2);
  const order = await findings.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-index'))));
  const current = page.locator('[data-testid=finding][data-focused=true]');
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('n');
    await expect(current).toHaveCount(1);
    // The marked one is the i-th of the list.
    expect(await findings.evaluateAll((items, i) => items[i]?.getAttribute('data-focused'), i)).toBe('true');
    if (order[i]! >= 0) {
      await expect(selected(page)).toHaveAttribute('data-index', String(order[i]));
      await expect(message(page, order[i]!)).toBeInViewport();
    }
  }
  // Past the last, round to the first; N goes back.
  await page.keyboard.press('n');
  expect(await findings.first().getAttribute('data-focused')).toBe('true');
  await page.keyboard.press('Shift+N');
  expect(await findings.last().getAttribute('data-focused')).toBe('true');
  await expect(selected(page)).toHaveAttribute('data-index', String(order.at(-1)));
});

test('/ focuses the search; Escape clears it, then leaves it, then clears the selection', async ({ page }) => {
  await openWeather(page);
  const search = page.getByTestId('search');
  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // The slash itself is not typed.
  await expect(search).toHaveValue('');
  // In the box, letters are typed, not shortcuts.
  await page.keyboard.type('Hangzhou');
  await expect(search).toHaveValue('Hangzhou');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Escape');
  await expect(selected(page)).toHaveCount(0);
  await expect(detailIndex(page)).not.toHaveAttribute('data-index');
  // With the search set and nothing focused, Escape clears the search first.
  await search.fill('Beijing');
  await search.blur();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
});

test('? opens the shortcuts’ help, which lists them all, keeps the keys while open and closes with Escape', async ({ page }) => {
  await openWeather(page);
  await page.keyboard.press('j');
  // A search that keeps #0 on the timeline.
  await page.getByTestId('search').fill('weather');
  await page.getByTestId('search').blur();
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-help');
  await expect(help).toBeVisible();
  const keys = await help.getByTestId('shortcut-keys').allTextContents();
  for (const key of ['j', 'k', '↓', '↑', 'g', 'G', 'n', 'N', '/', 'Esc', '?', '1']) expect(keys.join(' ').split(/\s|or/)).toContain(key);
  // While it is open the page behind is not the keys': j steps nothing, Escape closes only the help.
  await page.keyboard.press('j');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(page.getByTestId('search')).toHaveValue('weather');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
  // Its Close button closes it too.
  await page.keyboard.press('?');
  await page.getByTestId('shortcuts-close').click();
  await expect(help).toHaveCount(0);
});

test('1–4 switch views, and j and k step through the table in its own order', async ({ page }) => {
  await openWeather(page);
  await page.keyboard.press('2');
  await expect(page.getByTestId('messages-table')).toBeVisible();
  // Sorted by index, largest first: the table's order is 6, 5, 4…
  const sort = page.locator('[data-testid=column-header][data-column=index] button');
  await sort.click();
  await sort.click();
  await expect(page.locator('[data-testid=column-header][data-column=index]')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('[data-testid=table-row][aria-rowindex="2"]')).toHaveAttribute('data-index', '6');
  await sort.blur();
  await page.keyboard.press('g');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '6');
  await page.keyboard.press('j');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '5');
  await page.keyboard.press('ArrowDown');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '4');
  await page.keyboard.press('k');
  await expect(detailIndex(page)).toHaveAttribute('data-index', '5');
  await expect(page.locator('[data-testid=table-row][data-index="5"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('3');
  await expect(page.getByTestId('tools-table')).toBeVisible();
  await page.keyboard.press('4');
  await expect(page.getByTestId('tokens-view')).toBeVisible();
  await page.keyboard.press('1');
  await expect(message(page, 5)).toHaveAttribute('data-selected', 'true');
  await expect(message(page, 5)).toBeInViewport();
});

test('Tab reaches the findings, the timeline and the detail pane in that order, with a visible focus ring', async ({ page }) => {
  await openWeather(page);
  await page.keyboard.press('j');
  const regions: string[] = [];
  let timelineRing: { style: string; color: string; accent: string } | null = null;
  for (let i = 0; i < 200 && !regions.includes('detail'); i++) {
    await page.keyboard.press('Tab');
    const at = await focusedStop(page);
    if (!at) continue;
    if (regions.at(-1) !== at.region) regions.push(at.region);
    if (at.timeline) timelineRing = at;
  }
  const findings = regions.indexOf('findings');
  const centre = regions.indexOf('centre');
  const detail = regions.indexOf('detail');
  expect(findings, regions.join(' → ')).toBeGreaterThanOrEqual(0);
  expect(centre).toBeGreaterThan(findings);
  expect(detail).toBeGreaterThan(centre);
  // The timeline itself is a stop (its arrows step), outlined in the theme's accent.
  expect(timelineRing).not.toBeNull();
  expect(timelineRing!.style).toBe('solid');
  expect(timelineRing!.color).toBe(timelineRing!.accent);
  // In the detail pane, the arrows scroll it: they step no message.
  await page.keyboard.press('ArrowDown');
  await expect(selected(page)).toHaveAttribute('data-index', '0');
});

/** A real Ctrl+V of `text`, the focus where it is. */
async function pasteWithKeys(page: Page, text: string): Promise<void> {
  await page.evaluate((text) => navigator.clipboard.writeText(text), text);
  await page.keyboard.press('Control+V');
}

test.describe('pasting', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an id pasted while the timeline has the focus goes into the search: the history stays, no error', async ({ page }) => {
    await openWeather(page);
    await page.getByTestId('timeline').focus();
    await pasteWithKeys(page, 'call_abc123');
    await expect(page.getByTestId('search')).toHaveValue('call_abc123');
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-state', 'ready');
    await expect(timeline).toHaveAttribute('data-source', '/history.json');
    // The search found the orphan result that carries that id.
    await expect(message(page, 6)).toBeVisible();
    await expect(message(page, 2)).toHaveCount(0);
  });

  test('a word pasted in the Tokens view goes into the timeline’s search', async ({ page }) => {
    await openWeather(page);
    await page.keyboard.press('4');
    await expect(page.getByTestId('tokens-view')).toBeVisible();
    await pasteWithKeys(page, 'Hangzhou');
    await expect(page.getByTestId('search')).toHaveValue('Hangzhou');
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-source', '/history.json');
  });

  test('a history pasted over one on screen still opens', async ({ page }) => {
    await openWeather(page);
    await page.getByTestId('timeline').focus();
    await pasteWithKeys(page, fixtureText('tool-error-retry.langchain.json'));
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-source', 'paste');
    await expect(timeline).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('search')).toHaveValue('');
  });

  test('text of several lines that is no history is read as one, and says why it is not; the history stays', async ({ page }) => {
    await openWeather(page);
    await pasteWithKeys(page, 'not a history\nbut two lines of prose');
    await expect(page.getByTestId('import-error')).toBeVisible();
    await expect(page.getByTestId('search')).toHaveValue('');
    await expect(message(page, 0)).toBeVisible();
  });
});

test.describe('on a phone, the detail open as a sheet', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('j and k show the next and previous message in the sheet, n and N a finding’s; other keys wait, Escape closes it', async ({ page }) => {
    await openWeather(page);
    const sheet = page.locator('[data-testid=sheet][data-pane=detail]');
    await page.keyboard.press('j');
    await expect(sheet).toHaveJSProperty('open', true);
    await expect(detailIndex(page)).toHaveAttribute('data-index', '0');
    // The message has the focus, not the sheet's ✕: Enter closes nothing, the arrows scroll what is read.
    await expect(detailIndex(page)).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(detailIndex(page)).toHaveAttribute('data-index', '1');
    await expect(sheet).toHaveJSProperty('open', true);
    await expect(selected(page)).toHaveAttribute('data-index', '1');

    // Behind the sheet the page is out of reach: these do nothing there until it closes.
    for (const key of ['Enter', 'ArrowDown', 'ArrowUp', '2', '/']) await page.keyboard.press(key);
    await expect(sheet).toHaveJSProperty('open', true);
    await expect(detailIndex(page)).toHaveAttribute('data-index', '1');
    await expect(page.locator('[data-testid=view-switch] [data-view=timeline]')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('search')).not.toBeFocused();

    // The findings, in the list's order: #2, #5, #6.
    await page.keyboard.press('n');
    await expect(detailIndex(page)).toHaveAttribute('data-index', '2');
    await page.keyboard.press('n');
    await expect(detailIndex(page)).toHaveAttribute('data-index', '5');
    await page.keyboard.press('Shift+N');
    await expect(detailIndex(page)).toHaveAttribute('data-index', '2');
    await expect(sheet).toHaveJSProperty('open', true);

    await page.keyboard.press('Escape');
    await expect(sheet).toHaveJSProperty('open', false);
    await expect(selected(page)).toHaveAttribute('data-index', '2');
    await expect(message(page, 2)).toBeInViewport();
    // Closed, the keys are the page's again: k selects, and the sheet opens on it.
    await page.keyboard.press('k');
    await expect(sheet).toHaveJSProperty('open', true);
    await expect(detailIndex(page)).toHaveAttribute('data-index', '1');
  });
});

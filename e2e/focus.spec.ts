import { expect, test, type Page } from '@playwright/test';
import { focusedStop, type Stop } from './focusStops';
import { fixtureText, message } from './helpers';

/**
 * Visible focus, by keyboard alone: from the timeline, Tab goes on into the detail pane and Shift+Tab back into the
 * findings panel's controls, and every element the focus lands on shows a ring (docs/page-hooks.md, "Keyboard": a
 * 2 px outline in `--accent`). Chromium's own ring is `auto` and 1 px: a stop that falls back to it fails here.
 * The weather history: 7 messages, findings on #2, #5 and #6.
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
}

/** Presses `key` until `done` holds for the stop reached (at most `limit` presses), and gives every stop on the way. */
async function tabUntil(page: Page, key: 'Tab' | 'Shift+Tab', done: (stop: Stop) => boolean, limit = 200): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await focusedStop(page);
    if (!stop) continue;
    stops.push(stop);
    if (done(stop)) return stops;
  }
  throw new Error(`${key} ${limit} times did not get there: ${stops.map((stop) => stop.what).join(' → ')}`);
}

function expectRings(stops: Stop[]): void {
  for (const stop of stops) {
    if (stop.separator) {
      // The handle is a 9 px strip astride the pane's edge: focused, the edge itself turns the accent (3 px), as on hover.
      expect(stop.background, `focus bar of ${stop.what}`).toBe(`linear-gradient(${stop.accent}, ${stop.accent})`);
      continue;
    }
    expect(stop.style, `outline style of ${stop.what}`).not.toBe('none');
    expect(stop.style, `outline style of ${stop.what}`).not.toBe('auto');
    expect(stop.width, `outline width of ${stop.what}`).toBeGreaterThanOrEqual(2);
    expect(stop.color, `outline colour of ${stop.what}`).toBe(stop.accent);
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('Tab from the timeline reaches the detail pane, Shift+Tab the findings controls, each with a visible ring', async ({ page }) => {
      await openWeather(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // The message with the two calls selected, so the detail pane has controls in it.
      for (let i = 0; i < 3; i++) await page.keyboard.press('j');
      await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '2');

      // To the timeline by keyboard, then on into the detail pane and through its controls.
      const toTimeline = await tabUntil(page, 'Tab', (stop) => stop.timeline);
      const toDetail = await tabUntil(page, 'Tab', (stop) => stop.detail);
      const inDetail = await tabUntil(page, 'Tab', (stop) => stop.region !== 'detail');
      const detailStops = [toDetail.at(-1)!, ...inDetail.slice(0, -1)];
      // The message's own buttons, the Rendered/Raw switch and its JSON tree's.
      for (const control of ['[data-testid=copy-message-link]', 'button "Raw"', '[data-testid=json-toggle]']) {
        expect(detailStops.map((stop) => stop.what)).toContainEqual(expect.stringContaining(control));
      }

      // Back past the timeline into the findings panel, and through its controls up to the panel's first.
      const back = await tabUntil(page, 'Shift+Tab', (stop) => stop.timeline);
      const toFindings = await tabUntil(page, 'Shift+Tab', (stop) => stop.region === 'findings');
      const inFindings = await tabUntil(page, 'Shift+Tab', (stop) => stop.region !== 'findings');
      const findingStops = [toFindings.at(-1)!, ...inFindings.slice(0, -1)].map((stop) => stop.what);
      // A finding (its rule link, its text, why it matters), the repair and the side tabs.
      for (const control of ['[data-testid=finding-rule-link]', 'summary', '[data-testid=repair-open]', '[data-testid=side-tab]']) {
        expect(findingStops, findingStops.join(' → ')).toContainEqual(expect.stringContaining(control));
      }

      // Every stop on the way, the last ones outside the panes too (a pane's resize handle, the theme toggle).
      expectRings([toTimeline.at(-1)!, ...toDetail, ...inDetail, ...back, ...toFindings, ...inFindings]);
    });
  });
}

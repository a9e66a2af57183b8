// The search at scale (docs/BENCHMARKS.md, "Search"): a generated history on the timeline, then queries put into the
// search box at once (as a paste does: change → *n of m* shown), a facet chip clicked, and typing a key per 100 ms
// (how long each key takes to show, Event Timing; the last key → the count shown). Alone:
// `node scripts/bench/search.mjs [--size N] [--app DIR]` (BENCH_APP works too), which builds nothing.
import { keyFigures, watchKeys } from './keyTiming.mjs';
import { runAlone } from './runAlone.mjs';

/** The box's pause before it asks the worker (src/store/filterSlice.ts, SEARCH_DELAY_MS): part of every text figure. */
const TYPING_PAUSE_MS = 120;

/**
 * Runs `act` in the page and times it → the search count shows an answer other than `before` and not busy, two frames
 * later; returns the time and the count's `data-total`.
 */
function untilCounted(page, act, arg) {
  return page.evaluate(
    ([source, value]) =>
      new Promise((resolve, reject) => {
        const count = () => document.querySelector('[data-testid=search-count]');
        const state = () => `${count()?.getAttribute('data-total')}|${count()?.hasAttribute('data-busy')}`;
        const before = state();
        const t0 = performance.now();
        let seenBusy = false;
        const observer = new MutationObserver(() => {
          seenBusy ||= count()?.hasAttribute('data-busy') === true;
          const counted = count() && !count().hasAttribute('data-busy');
          if (!counted || (!seenBusy && state() === before)) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ms: performance.now() - t0, total: Number(count().getAttribute('data-total')) })));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        new Function('value', source)(value);
        setTimeout(() => reject(new Error(`no count after ${source} ${value}`)), 60_000);
      }),
    [act, arg],
  );
}

// React listens to the input event; the native setter keeps it from taking the change for its own.
const SET_QUERY = `
  const input = document.querySelector('[data-testid=search]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));`;
const CLICK = `document.querySelector(value).click();`;

async function clearSearch(page) {
  await page.getByTestId('search').fill('');
  await page.waitForFunction(() => !document.querySelector('[data-testid=search-count]'));
}

/** Types `word` a key every 100 ms into the search box: each key's Event Timing duration, and the last key → count shown. */
async function typeInSearch(page, word) {
  await clearSearch(page);
  await watchKeys(page, '[data-testid=search]');
  await page.getByTestId('search').focus();
  await page.keyboard.type(word, { delay: 100 });
  const lastKeyMs = await page.evaluate(
    (length) =>
      new Promise((resolve) => {
        const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - window.__lastInput)));
        const ready = () => {
          const count = document.querySelector('[data-testid=search-count]');
          return count && !count.hasAttribute('data-busy') && document.querySelector('[data-testid=search]').value.length === length;
        };
        if (ready()) return done();
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    word.length,
  );
  const keys = await keyFigures(page, word);
  const total = Number(await page.getByTestId('search-count').getAttribute('data-total'));
  return { ...keys, lastKeyMs, total };
}

export async function measureSearch(browser, origin, url, n) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/?src=${encodeURIComponent(url)}`);
  await page.waitForFunction((count) => document.querySelector('[data-testid=timeline]')?.getAttribute('data-message-count') === String(count), n, {
    timeout: 180_000,
  });
  await page.waitForSelector('[data-testid=message]');
  // As a user does not search in the first instant: let the load's garbage collection settle.
  await page.waitForTimeout(1500);
  const queries = [];
  for (const text of ['timeouts', 'call_4242_', '/call_\\d+7_0\\b/', '/^the .*cause$/i', 'zzz no such text']) {
    await clearSearch(page);
    // Best of three: the first one also builds the arguments' text for the search (kept after).
    const runs = [];
    for (let i = 0; i < 3; i++) {
      await clearSearch(page);
      runs.push(await untilCounted(page, SET_QUERY, text));
    }
    queries.push({ text, total: runs[0].total, ms: Math.min(...runs.map((r) => r.ms)), firstMs: runs[0].ms });
  }
  // A facet alone: no pause, the chip asks at once.
  await clearSearch(page);
  await page.getByTestId('facet-tools').click();
  const facet = await untilCounted(page, CLICK, '[data-testid=facet-tool][data-value=query_logs]');
  await page.keyboard.press('Escape');
  const withText = await untilCounted(page, SET_QUERY, 'timeouts');
  await page.getByTestId('facet-tools').click();
  await page.locator('[data-testid=facet-tool][data-value=query_logs]').uncheck();
  await page.keyboard.press('Escape');
  const typing = await typeInSearch(page, 'cluster');
  // A step to the next match far away: the click → its card selected and drawn.
  const stepMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid=message][data-selected=true]')) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        document.querySelector('[data-testid=search-prev]').click();
      }),
  );
  await context.close();
  return { n, queries, facet, withText, typing, stepMs };
}

const ms = (x) => `${Math.round(x)} ms`;

export function searchLines(r, { alone } = {}) {
  return [
    '## Search',
    '',
    `${r.n.toLocaleString('en')} messages (the bench's generated history), the built app in headless Chromium, 1440 × 900.` +
      (alone
        ? ` Measured ${new Date().toISOString().slice(0, 10)} with the script run alone (\`node scripts/bench/search.mjs\`), 1-minute load average ${alone.load.toFixed(1)}.`
        : ''),
    '',
    '| what | messages found | time |',
    '|---|---:|---:|',
    ...r.queries.map(
      (q) =>
        `| \`${q.text}\` put in the box: change → *n of m* shown (best of 3; the first ${ms(q.firstMs)}), ${TYPING_PAUSE_MS} ms typing pause included | ${q.total.toLocaleString('en')} | ${ms(q.ms)} |`,
    ),
    `| the *query_logs* tool chip alone: click → *n of m* shown | ${r.facet.total.toLocaleString('en')} | ${ms(r.facet.ms)} |`,
    `| … and \`timeouts\` with it | ${r.withText.total.toLocaleString('en')} | ${ms(r.withText.ms)} |`,
    `| typing \`cluster\` a key per 100 ms: slowest key (Event Timing, ≥ 16), keys over 50 ms | ${r.typing.total.toLocaleString('en')} | ${ms(r.typing.slowestKeyMs)}, ${r.typing.keysOver50} of ${r.typing.keys} |`,
    `| the same: last key → *n of m* shown | | ${ms(r.typing.lastKeyMs)} |`,
    `| *previous match* from none selected to the last match: click → its card selected | | ${ms(r.stepMs)} |`,
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone({ sizeEnv: 'BENCH_SEARCH_SIZE', measure: measureSearch, lines: searchLines });

// The Messages table at scale (docs/BENCHMARKS.md, "Messages table"): a generated history opened straight into the
// table, the switch from the timeline, sorts (click → rows painted), filters (a change → rows painted), typing into
// the filter (how long each key takes to show, Event Timing) and scrolling. `npm run bench` runs it on its largest
// size; alone: `node scripts/bench/table.mjs [--size N] [--app DIR]` (BENCH_APP works too), which builds nothing.
import { measureLoad, measureScroll } from './browser.mjs';
import { forgetKeys, keyFigures, watchKeys } from './keyTiming.mjs';
import { runAlone } from './runAlone.mjs';

// Set before the page's scripts run: the time the table first shows rows for all `n` messages, two frames later.
const TABLE_PROBE = `
  (() => {
    const check = () => {
      const table = document.querySelector('[data-testid=messages-table]');
      if (!table || window.__tableReady || table.getAttribute('data-row-count') !== String(window.__tableRows)) return;
      if (!table.querySelector('[data-testid=table-row]')) return;
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__tableReady = performance.now(); }));
      observer.disconnect();
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => { observer.observe(document.body, { subtree: true, childList: true, attributes: true }); check(); });
  })();
`;

async function newPage(browser, n) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(`window.__tableRows = ${n};`);
  await page.addInitScript(TABLE_PROBE);
  return { context, page };
}

/**
 * Navigation → the table's first rows painted, opening `url` with `#view=table` in a fresh context, and for
 * comparison the same → the timeline's first cards painted (as browser.mjs measures it); best of three each.
 */
async function firstPaint(browser, origin, url, n) {
  const table = [];
  const timeline = [];
  for (let i = 0; i < 3; i++) {
    const { context, page } = await newPage(browser, n);
    await page.goto(`${origin}/?src=${encodeURIComponent(url)}#view=table`);
    await page.waitForFunction(() => window.__tableReady, null, { timeout: 180_000, polling: 50 });
    table.push(await page.evaluate(() => window.__tableReady));
    await context.close();
    const loaded = await measureLoad(browser, origin, url, n);
    timeline.push(loaded.readyMs);
    await loaded.context.close();
  }
  return { paintMs: Math.min(...table), timelineMs: Math.min(...timeline) };
}

/** Opens `url` on the timeline, then times the click on *Table* → its rows painted (its code not loaded yet). */
async function openOnTimeline(browser, origin, url, n) {
  const { context, page } = await newPage(browser, n);
  await page.goto(`${origin}/?src=${encodeURIComponent(url)}`);
  await page.waitForFunction((count) => document.querySelector('[data-testid=timeline]')?.getAttribute('data-message-count') === String(count), n, {
    timeout: 180_000,
  });
  await page.waitForSelector('[data-testid=message]');
  // As a user does not click in the first instant: let the load's garbage collection settle.
  await page.waitForTimeout(1000);
  // The timeline in the same page, the same way: what the machine allows (it is shared, and loaded).
  const timelineScroll = await measureScroll(page, 3000);
  const switchMs = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid=messages-table] [data-testid=table-row]')) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
        });
        observer.observe(document.body, { subtree: true, childList: true });
        document.querySelector('[data-testid=view-switch] [data-view=table]').click();
        setTimeout(() => reject(new Error('the table never painted')), 30_000);
      }),
  );
  return { context, page, switchMs, timelineScroll };
}

/**
 * How long after the switch the Tokens estimates (src/ui/tokens/useTokenEstimates: the worker counts every message
 * without usage with a tokenizer) show in the table: until then that count shares the worker with the table's
 * sorts. Null when none shows within two minutes.
 */
async function estimatesShown(page) {
  const t0 = Date.now();
  const shown = await page
    .waitForFunction(
      () => [...document.querySelectorAll('[data-testid=table-row] [data-column=tokensIn]')].some((cell) => cell.textContent.startsWith('≈')),
      null,
      {
        timeout: 120_000,
        polling: 100,
      },
    )
    .then(
      () => true,
      () => false,
    );
  return shown ? Date.now() - t0 : null;
}

/**
 * Clicks `column`'s header (Shift+click with `shift`) and times click → the worker's rows painted: the table has been
 * busy (waiting for the worker) and is not any more, the header shows `ariaSort`, two frames later.
 */
function sortOnce(page, column, ariaSort, shift = false) {
  return page.evaluate(
    ([id, aria, multi]) =>
      new Promise((resolve, reject) => {
        const table = document.querySelector('[data-testid=messages-table]');
        const header = document.querySelector(`[data-testid=column-header][data-column="${id}"]`);
        let busy = false;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          busy ||= table.getAttribute('data-busy') === 'true';
          if (!busy || table.hasAttribute('data-busy') || header.getAttribute('aria-sort') !== aria) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
        });
        observer.observe(table, { subtree: true, childList: true, attributes: true });
        header.querySelector('button').dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: multi }));
        setTimeout(() => reject(new Error(`sorting by ${id} never finished`)), 30_000);
      }),
    [column, ariaSort, shift],
  );
}

/** Puts `text` in the filter at once (as a paste does) and times it → rows painted; returns the time and the rows kept. */
function filterOnce(page, text) {
  return page.evaluate(
    (value) =>
      new Promise((resolve, reject) => {
        const table = document.querySelector('[data-testid=messages-table]');
        const input = document.querySelector('[data-testid=table-filter]');
        const before = table.getAttribute('data-row-count');
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (table.hasAttribute('data-busy') || table.getAttribute('data-row-count') === before) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ms: performance.now() - t0, rows: Number(table.getAttribute('data-row-count')) })));
        });
        observer.observe(table, { subtree: true, childList: true, attributes: true });
        // React listens to the input event; the native setter keeps it from taking the change for its own.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        setTimeout(() => reject(new Error(`filtering by ${value} never finished`)), 30_000);
      }),
    text,
  );
}

/**
 * Types `word` into the filter a key every 100 ms, as a person does, with the table sorted: each key's Event Timing
 * duration (scripts/bench/keyTiming.mjs), and the last key → rows painted.
 */
async function typeInFilter(page, word) {
  await watchKeys(page, '[data-testid=table-filter]');
  await page.getByTestId('table-filter').fill('');
  await page.waitForFunction(() => !document.querySelector('[data-testid=messages-table]').hasAttribute('data-busy'));
  await page.getByTestId('table-filter').focus();
  await forgetKeys(page);
  await page.keyboard.type(word, { delay: 100 });
  const lastKeyMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const table = document.querySelector('[data-testid=messages-table]');
        const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - window.__lastInput)));
        if (!table.hasAttribute('data-busy')) return done();
        const observer = new MutationObserver(() => {
          if (table.hasAttribute('data-busy')) return;
          observer.disconnect();
          done();
        });
        observer.observe(table, { attributes: true });
      }),
  );
  return { ...(await keyFigures(page, word)), lastKeyMs };
}

export async function measureTable(browser, origin, url, n) {
  const { paintMs, timelineMs } = await firstPaint(browser, origin, url, n);
  const { context, page, switchMs, timelineScroll } = await openOnTimeline(browser, origin, url, n);
  // The figures below are the table's alone: measured once the worker has done counting (and the page is quiet).
  const estimatesMs = await estimatesShown(page);
  await page.waitForTimeout(1000);
  const sorts = [];
  const sort = async (label, column, aria, shift) => sorts.push({ label, ms: await sortOnce(page, column, aria, shift) });
  await sort('input tokens, largest first', 'tokensIn', 'descending');
  await sort('preview text (keys built on first use)', 'preview', 'ascending');
  await sort('preview text again, descending', 'preview', 'descending');
  await sort('findings', 'findings', 'descending');
  await sort('+ Shift: output tokens as the second key', 'tokensOut', 'descending', true);
  const filters = [];
  for (const text of ['timeouts', 'call_4242_']) filters.push({ text, ...(await filterOnce(page, text)) });
  const typing = await typeInFilter(page, 'cluster');
  // Scrolled through every message, unfiltered and in message order.
  await page.getByTestId('table-filter').fill('');
  await page.locator('[data-testid=column-header][data-column=index] button').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=messages-table]').hasAttribute('data-busy'));
  await page.waitForTimeout(500);
  const scroll = await measureScroll(page, 5000, '[data-testid=table-scroller]');
  await context.close();
  return { n, paintMs, timelineMs, switchMs, estimatesMs, sorts, filters, typing, scroll, timelineScroll };
}

const ms = (x) => `${Math.round(x)} ms`;

export function tableLines(r, { alone } = {}) {
  return [
    '## Messages table',
    '',
    `${r.n.toLocaleString('en')} messages (the largest history above), the built app in headless Chromium, 1440 × 900.` +
      (alone
        ? ` Measured ${new Date().toISOString().slice(0, 10)} with the script run alone (\`node scripts/bench/table.mjs\`), 1-minute load average ${alone.load.toFixed(1)}.`
        : ''),
    '',
    '| what | time |',
    '|---|---:|',
    `| navigation → table rows painted (\`#view=table\`, best of 3) | ${ms(r.paintMs)} |`,
    `| the same → timeline cards painted, without \`#view=table\` (for comparison) | ${ms(r.timelineMs)} |`,
    `| timeline → *Table* clicked → rows painted (its code loaded then) | ${ms(r.switchMs)} |`,
    `| … → token estimates shown (counted in the worker meanwhile; the figures below are taken after) | ${r.estimatesMs === null ? 'none shown' : ms(r.estimatesMs)} |`,
    ...r.sorts.map((s) => `| sort: ${s.label}: click → rows painted | ${ms(s.ms)} |`),
    ...r.filters.map((f) => `| filter \`${f.text}\` (${f.rows.toLocaleString('en')} rows kept, sorted): change → rows painted | ${ms(f.ms)} |`),
    `| typing \`cluster\` a key per 100 ms into the filter (sorted): slowest key (Event Timing, ≥ 16), keys over 50 ms | ${ms(r.typing.slowestKeyMs)}, ${r.typing.keysOver50} of ${r.typing.keys} |`,
    `| the same: last key → rows painted | ${ms(r.typing.lastKeyMs)} |`,
    `| scroll 5 s, 100 px a frame: p95 frame, frames > 25 ms | ${r.scroll.p95.toFixed(1)} ms, ${r.scroll.slow} of ${r.scroll.frames} |`,
    `| the timeline in the same page, 3 s the same way (for comparison) | ${r.timelineScroll.p95.toFixed(1)} ms, ${r.timelineScroll.slow} of ${r.timelineScroll.frames} |`,
    '',
    'Targets: sort ≤ 300 ms at 100k, typing never blocked (no key over 50 ms), scroll p95 ≤ 16.7 ms. The worker sorts and',
    'filters (src/worker/rows.ts); the page draws the rows in view only, and gives @tanstack/react-table only those.',
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone({ sizeEnv: 'BENCH_TABLE_SIZE', measure: measureTable, lines: tableLines });

// The Tokens view's open time (docs/BENCHMARKS.md, "Tokens view"): the bench's generated history opened in the
// built app, then the view switched to Tokens, timed in the page from the click to the frame after the totals,
// and then the context-growth chart's canvas, are in the DOM. The first open loads the view's code, asks the
// worker for the totals and loads uPlot; opening it again in the same page reuses all three.
//   node scripts/bench/tokensView.mjs [--app DIR] [--messages N] [--runs N]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { historyText } from './generate.mjs';
import { startServer } from './server.mjs';
import { measureLoad } from './browser.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({
  options: { app: { type: 'string', default: `${root}dist/app` }, messages: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const n = Number(values.messages);
const outDir = `${root}bench/out`;
mkdirSync(outDir, { recursive: true });
const file = `${outDir}/history-${n}.json`;
if (!existsSync(file)) writeFileSync(file, historyText(n));

/** Clicks the view button `view`; resolves with the ms from the click to the frame after each selector is in the DOM. */
const openView = (page, view, selectors) =>
  page.evaluate(
    ([view, selectors]) =>
      new Promise((resolve, reject) => {
        const t0 = performance.now();
        const seen = new Set();
        const times = new Map();
        // Each selector's time is the frame after it entered the DOM: when the user sees it.
        const stamp = () => {
          for (const selector of selectors) {
            if (seen.has(selector) || !document.querySelector(selector)) continue;
            seen.add(selector);
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                times.set(selector, performance.now() - t0);
                if (times.size === selectors.length) resolve(selectors.map((s) => times.get(s)));
              }),
            );
          }
          if (seen.size === selectors.length) observer.disconnect();
        };
        const observer = new MutationObserver(stamp);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        document.querySelector(`[data-testid=view-switch] [data-view=${view}]`).click();
        stamp();
        setTimeout(() => reject(new Error(`${selectors.join(', ')} never appeared`)), 120_000);
      }),
    [view, selectors],
  );

const TABLES = '[data-testid=token-table][data-group=tool]';
const CHART = '[data-testid=context-chart] canvas';
const server = await startServer(values.app, outDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const loadBefore = loadavg()[0];
const runs = [];
try {
  for (let run = 0; run < Number(values.runs); run++) {
    const { page, context } = await measureLoad(browser, server.origin, `/__bench/history-${n}.json`, n);
    // As the main bench does before scrolling: let the load's garbage collection settle.
    await page.waitForTimeout(1000);
    const [tables, chart] = await openView(page, 'tokens', [TABLES, CHART]);
    const points = Number(await page.getAttribute('[data-testid=context-chart]', 'data-points'));
    await openView(page, 'timeline', ['[data-testid=timeline][data-state=ready]']);
    const [again] = await openView(page, 'tokens', [CHART]);
    runs.push({ tables, chart, again, points });
    console.log(JSON.stringify(runs.at(-1)));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(JSON.stringify({ n, loadBefore, loadAfter: loadavg()[0], chromium: browser.version() }));

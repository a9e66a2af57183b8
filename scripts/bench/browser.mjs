// In-browser measurements. Times are taken inside the page with performance.now() (0 = navigation start)
// so that Playwright's own round trips are not counted.

const READY_PROBE = `
  (() => {
    const check = () => {
      const t = document.querySelector('[data-testid=timeline]');
      if (t && t.getAttribute('data-state') === 'ready' && document.querySelector('[data-testid=message]') && !window.__benchReady) {
        requestAnimationFrame(() => requestAnimationFrame(() => { window.__benchReady = performance.now(); }));
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => { observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] }); check(); });
  })();
`;

export async function measureFloor(browser, origin, url) {
  const page = await browser.newPage();
  await page.goto(`${origin}/__bench/blank`);
  const times = [];
  for (let i = 0; i < 3; i++) {
    times.push(
      await page.evaluate(async (u) => {
        const t0 = performance.now();
        const text = await (await fetch(u, { cache: 'no-store' })).text();
        JSON.parse(text);
        return performance.now() - t0;
      }, url),
    );
  }
  await page.close();
  return Math.min(...times);
}

/** Navigation → ready of `path` (the app, or the bare page) opening `url` in a fresh context, as a user's first visit. */
async function loadToReady(browser, origin, path, url, n) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(READY_PROBE);
  // The scripts the first paint waited for, the worker's included.
  const scripts = new Set();
  const onRequest = (request) => request.url().endsWith('.js') && scripts.add(new URL(request.url()).pathname);
  page.on('request', onRequest);
  await page.goto(`${origin}${path}?src=${encodeURIComponent(url)}`);
  await page.waitForFunction(() => window.__benchReady, null, { timeout: 180_000, polling: 50 });
  page.off('request', onRequest);
  const readyMs = await page.evaluate(() => window.__benchReady);
  const count = Number(await page.getAttribute('[data-testid=timeline]', 'data-message-count'));
  if (count !== n) throw new Error(`expected ${n} messages, ${path} shows ${count}`);
  return { page, context, readyMs, scripts: [...scripts] };
}

export const measureLoad = (browser, origin, url, n) => loadToReady(browser, origin, '/', url, n);

/**
 * The bare page's navigation → ready, best of three: the floor's fetch and parse as a fresh page does them, after
 * navigating, and a paint. A viewer that parses only once the file is in cannot be ready sooner.
 */
export async function measureBarePage(browser, origin, url, n) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const { context, readyMs } = await loadToReady(browser, origin, '/__bench/bare', url, n);
    await context.close();
    times.push(readyMs);
  }
  return Math.min(...times);
}

/**
 * JS memory of the page and every worker after a full GC in each: the V8 heap plus ArrayBuffer backing
 * stores, which live outside it (typed arrays would otherwise look free).
 */
export async function measureHeap(browser, page) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const usage = await session.send('Runtime.getHeapUsage');
  await session.detach();
  const page_ = usage.usedSize + (usage.backingStorageSize ?? 0);
  const workers = await workerHeaps(browser);
  return { total: page_ + workers, page: page_, workers };
}

async function workerHeaps(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  let total = 0;
  for (const target of targetInfos.filter((t) => t.type === 'worker')) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const call = (id, method) =>
      new Promise((resolve) => {
        const onMessage = (event) => {
          const message = JSON.parse(event.message);
          if (event.sessionId === sessionId && message.id === id) {
            cdp.off('Target.receivedMessageFromTarget', onMessage);
            resolve(message.result);
          }
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      });
    await call(1, 'HeapProfiler.collectGarbage');
    const usage = await call(2, 'Runtime.getHeapUsage');
    total += usage.usedSize + (usage.backingStorageSize ?? 0);
    await cdp.send('Target.detachFromTarget', { sessionId });
  }
  await cdp.detach();
  return total;
}

export async function measureJumpToLast(page, n) {
  return page.evaluate(
    (last) =>
      new Promise((resolve, reject) => {
        const t0 = performance.now();
        const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
        const selector = `[data-testid=message][data-index="${last}"]`;
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)) {
            observer.disconnect();
            done();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true });
        const button = document.querySelector('[data-testid=jump-last]');
        // Builds from before the button existed (BENCH_APP) have no jump to measure.
        if (!button) {
          observer.disconnect();
          resolve(null);
        } else button.click();
        setTimeout(() => reject(new Error('last message never painted')), 10_000);
      }),
    n - 1,
  );
}

/** Scrolling a static page: the frame times this browser manages with nothing to do (the floor for p95). */
export async function measureFrameFloor(browser, durationMs) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.setContent(
    '<div data-testid=timeline style="height:800px;overflow:auto"><div style="height:1000000px;background:linear-gradient(#fff,#ccc)"></div></div>',
  );
  const floor = await measureScroll(page, durationMs);
  await page.close();
  return floor;
}

/**
 * Scrolls the timeline (or the element `selector` finds, or the first scrollable element in it) by 100 px a frame
 * for `durationMs`; frame times from requestAnimationFrame.
 * `slow` counts frames over 1.5 vsync intervals (25 ms): frames the user sees dropped.
 */
export async function measureScroll(page, durationMs, selector = '[data-testid=timeline]') {
  return page.evaluate(
    ([duration, within]) =>
      new Promise((resolve) => {
        const timeline = document.querySelector(within);
        const candidates = [timeline, ...timeline.querySelectorAll('*')];
        const scroller = candidates.find((el) => el.scrollHeight > el.clientHeight + 10 && getComputedStyle(el).overflowY !== 'visible');
        scroller.scrollTop = 0;
        const frames = [];
        let last = performance.now();
        const start = last;
        let direction = 1;
        const step = (now) => {
          frames.push(now - last);
          last = now;
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) direction = -1;
          if (scroller.scrollTop <= 0) direction = 1;
          scroller.scrollTop += 100 * direction;
          if (now - start < duration) requestAnimationFrame(step);
          else {
            frames.sort((a, b) => a - b);
            resolve({ frames: frames.length, p95: frames[Math.floor(frames.length * 0.95)] ?? 0, slow: frames.filter((f) => f > 25).length });
          }
        };
        requestAnimationFrame(step);
      }),
    [durationMs, selector],
  );
}

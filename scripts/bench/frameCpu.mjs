// CPU time per frame while scrolling, per renderer thread, from a Chromium trace. Wall-clock frame times
// on a shared machine measure the other jobs as much as the app; thread CPU time (trace `tdur`) much less.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureScroll } from './browser.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'cc', 'viz'];

/** Which renderer work a trace thread does, by its name; undefined for threads not counted. */
function kindOf(threadName) {
  if (threadName.startsWith('CrRendererMain')) return 'main';
  if (threadName.startsWith('Compositor') || threadName.startsWith('VizCompositor')) return 'compositor';
  if (threadName.startsWith('ThreadPoolForeground')) return 'raster';
  return undefined;
}

/**
 * Scrolls as measureScroll does for `durationMs` under a trace and returns the mean CPU milliseconds per
 * frame of the page's main thread, the compositor threads and raster tasks.
 */
export async function measureFrameCpu(browser, page, durationMs) {
  const dir = mkdtempSync(join(tmpdir(), 'msgscope-trace-'));
  const path = join(dir, 'scroll.json');
  try {
    await browser.startTracing(page, { path, categories: CATEGORIES });
    const { frames } = await measureScroll(page, durationMs);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(readFileSync(path, 'utf8'));
    const threads = new Map();
    for (const e of traceEvents) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    const cpu = { main: 0, compositor: 0, raster: 0 };
    for (const e of traceEvents) {
      if (e.ph !== 'X' || e.tdur === undefined) continue;
      const kind = kindOf(threads.get(`${e.pid}:${e.tid}`) ?? '');
      // Top-level tasks only (they do not nest), and on the raster pool only the raster work.
      if (kind === 'raster' ? e.name === 'RasterTask' : kind && e.name === 'ThreadControllerImpl::RunTask') cpu[kind] += e.tdur / 1000;
    }
    return { main: cpu.main / frames, compositor: cpu.compositor / frames, raster: cpu.raster / frames };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

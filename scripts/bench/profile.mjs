// `node scripts/bench/profile.mjs [messages] [load|scroll|jump]`: where the time goes. Builds the app
// unminified (so function names survive), loads a generated history in Chromium with V8's sampling
// profiler on the page and on every worker (attached paused at start, so nothing is missed), and
// prints each thread's busiest functions by self time: for the load, or for 3 s of scrolling, or for
// jumps to the last and first message after the load.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { historyText } from './generate.mjs';
import { startServer } from './server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { measureJumpToLast, measureScroll } from './browser.mjs';

const root = new URL('../../', import.meta.url).pathname;
const outDir = `${root}bench/out`;
const appDir = `${outDir}/app-unminified`;
const n = Number(process.argv[2] ?? 100_000);
const mode = process.argv[3] ?? 'load';
const TOP = 25;

mkdirSync(outDir, { recursive: true });
const file = `${outDir}/history-${n}.json`;
if (!existsSync(file)) writeFileSync(file, historyText(n));
execFileSync('npx', ['vite', 'build', '--minify', 'false', '--sourcemap', 'false', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});

/** Self time per function (name and place), in ms, busiest first. */
function topFunctions(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

function report(title, profile) {
  const rows = topFunctions(profile);
  const busy = rows.filter(([key]) => key !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${title}: ${Math.round(busy)} ms busy`);
  for (const [key, ms] of rows.slice(0, TOP)) console.log(`${String(Math.round(ms)).padStart(7)} ms  ${key}`);
}

const server = await startServer(appDir, outDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.origin}/__bench/blank`);
  const session = await page.context().newCDPSession(page);
  const workers = [];
  let nextId = 0;
  const replies = new Map();
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message);
    replies.get(message.id)?.(message.result);
  });
  session.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    // Raw messages: Playwright's CDPSession cannot address a child session directly.
    const call = (method, params = {}) =>
      new Promise((resolve) => {
        const id = ++nextId;
        replies.set(id, resolve);
        void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      });
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 100 });
    await call('Profiler.start');
    await call('Runtime.runIfWaitingForDebugger');
    workers.push({ url: targetInfo.url, stop: async () => (await call('Profiler.stop')).profile });
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  if (mode === 'load') await session.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.origin}/?src=${encodeURIComponent(`/__bench/history-${n}.json`)}`);
  await page.waitForSelector('[data-testid=timeline][data-state=ready] [data-testid=message]', { timeout: 300_000 });
  console.log(`${n.toLocaleString('en')} messages: ready after ${Date.now() - t0} ms (wall clock${mode === 'load' ? ', profiler on' : ''})`);
  if (mode === 'scroll') {
    await session.send('Profiler.start');
    console.log(await measureScroll(page, 3000));
  } else if (mode === 'jump') {
    await session.send('Profiler.start');
    for (let i = 0; i < 3; i++) {
      console.log('jump to last', await measureJumpToLast(page, n));
      await page.click('[data-testid=jump-first]');
      await page.waitForSelector('[data-testid=message][data-index="0"]');
    }
  }
  report(`page (${mode})`, (await session.send('Profiler.stop')).profile);
  for (const worker of workers) report(`worker ${worker.url.split('/').pop()} (${mode})`, await worker.stop());
} finally {
  await browser.close();
  server.close();
}

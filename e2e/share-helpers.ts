import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

// What the specs of sharing share: screenshots on demand, the findings two views must agree on, `msgscope serve`
// for short links, and the page of another tool that hands msgscope a history (docs/SHARING.md, "Open from another tool").

const SHOTS = process.env.E2E_SHOTS;

/** A screenshot named `name` into the folder E2E_SHOTS names, when it names one. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Every finding shown, as rule, severity, call id and message id: the set two views must share. */
export const findingSet = (page: Page): Promise<string[]> =>
  page
    .getByTestId('finding')
    .evaluateAll((elements) =>
      elements.map((e) => ['data-rule', 'data-severity', 'data-tool-call-id', 'data-message-id'].map((name) => e.getAttribute(name) ?? '').join('|')).sort(),
    );

export interface Serving {
  child: ChildProcess;
  url: string;
  data: string;
}

/** `msgscope serve` of the CLI at `cli` on a free port with a fresh data directory, and the URL it prints. */
export function startServe(cli: string, args: string[] = [], dataPrefix = 'msgscope-e2e-shares-'): Promise<Serving> {
  const data = mkdtempSync(join(tmpdir(), dataPrefix));
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', data, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (url) done({ child, url, data });
    });
    // stderr carries the request log: not a failure.
    child.on('exit', (code) => fail(new Error(`msgscope serve exited with ${code}: ${out}`)));
  });
}

/** Stops what startServe started, then deletes its data directory. */
export function stopServe({ child, data }: Serving): Promise<void> {
  return new Promise((done) => {
    child.once('exit', () => {
      rmSync(data, { recursive: true, force: true });
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface Handoff {
  text: string;
  title: string;
  select: number;
  /** Posted as a string, or as the bytes of an ArrayBuffer it transfers. */
  as: 'text' | 'buffer';
}

/**
 * The opener a notebook or tool would be (docs/SHARING.md): a button (#go) opens msgscope at `app` in a window,
 * pings it until it answers 'PONG', then posts the history and sets its own title to 'sent'.
 */
export function openerPage(app: string, { text, title, select, as }: Handoff): string {
  const safe = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!doctype html><title>opener</title><button id="go">Open in msgscope</button><script>
const APP = ${safe(app)};
const ORIGIN = new URL(APP).origin;
document.getElementById('go').onclick = () => {
  const win = window.open(APP, 'msgscope');
  const timer = setInterval(() => win.postMessage('PING', ORIGIN), 50);
  window.addEventListener('message', (event) => {
    if (event.source !== win || event.data !== 'PONG') return;
    clearInterval(timer);
    const text = ${safe(text)};
    if (${safe(as)} === 'text') win.postMessage({ msgscope: { text, title: ${safe(title)}, select: ${safe(select)} } }, ORIGIN);
    else {
      const buffer = new TextEncoder().encode(text).buffer;
      win.postMessage({ msgscope: { buffer, title: ${safe(title)}, select: ${safe(select)} } }, ORIGIN, [buffer]);
    }
    document.title = 'sent';
  });
};
</script>`;
}

/** Serves the opener page `html` at `url` and clicks its button: the msgscope window it opens. */
export async function openFrom(context: BrowserContext, page: Page, url: string, html: string): Promise<Page> {
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(url);
  const popup = page.waitForEvent('popup');
  await page.locator('#go').click();
  return popup;
}

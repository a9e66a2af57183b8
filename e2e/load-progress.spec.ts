import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generateHistory } from '../scripts/bench/generate.mjs';

const COUNT = 2000;
const TEXT = JSON.stringify(generateHistory(COUNT));

/**
 * Serves `body` at /slow.json in `parts` pieces, one every `everyMs`: page.route answers in one piece,
 * too fast to see a load in progress. With `withLength` the response says its size (the bar can fill);
 * without, it is sent chunked and the bar can only say that something is happening.
 */
async function slowServer(body: string, parts: number, everyMs: number, withLength: boolean): Promise<{ url: string; close: () => void }> {
  const bytes = Buffer.from(body);
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      ...(withLength ? { 'content-length': bytes.length } : {}),
    });
    let part = 0;
    const timer = setInterval(() => {
      const from = Math.floor((bytes.length * part) / parts);
      const to = Math.floor((bytes.length * (part + 1)) / parts);
      response.write(bytes.subarray(from, to));
      if (++part === parts) {
        clearInterval(timer);
        response.end();
      }
    }, everyMs);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/slow.json`, close: () => server.close() };
}

/**
 * The bar's percentage as the page states it (null when it states none) and the horizontal scale of its fill,
 * read together: read apart, a render in between can pair one progress report's percentage with the next's fill.
 */
async function barState(bar: Locator): Promise<{ percent: number | null; scale: number }> {
  return bar.evaluate((element) => {
    const value = element.getAttribute('aria-valuenow');
    const fill = element.firstElementChild;
    const match = fill ? /^matrix\(([^,]+),/.exec(getComputedStyle(fill).transform) : null;
    return { percent: value === null ? null : Number(value), scale: match ? Number(match[1]) : 1 };
  });
}

const servers: { close: () => void }[] = [];
test.afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Opens the app on `?src=` of `body` (TEXT unless given) sent slowly: the progress element and its bar. */
async function openSlowly(page: Page, withLength: boolean, body = TEXT): Promise<{ progress: Locator; bar: Locator }> {
  const server = await slowServer(body, 16, 150, withLength);
  servers.push(server);
  await page.goto(`/?src=${encodeURIComponent(server.url)}`);
  const progress = page.getByTestId('progress');
  return { progress, bar: progress.getByRole('progressbar', { name: 'Loading' }) };
}

test('a download in progress fills the bar with the bytes read, then the history opens', async ({ page }) => {
  const { progress, bar } = await openSlowly(page, true);
  const total = `${(Buffer.byteLength(TEXT) / 1e6).toFixed(1)} MB`;

  // Part way: the text says how much of the whole has arrived, and the bar shows the same share.
  await expect(progress).toContainText(new RegExp(`Reading \\d+\\.\\d MB of ${total.replace('.', '\\.')}`));
  await expect.poll(async () => (await barState(bar)).percent).toBeGreaterThan(0);
  const first = await barState(bar);
  expect(first.percent).toBeLessThan(100);
  expect(first.scale).toBeGreaterThan(0);
  expect(first.scale).toBeLessThan(1);
  await expect(bar).not.toHaveClass(/indeterminate/);

  // It grows as more arrives.
  await expect.poll(async () => (await barState(bar)).percent).toBeGreaterThan(first.percent ?? 0);
  expect((await barState(bar)).scale).toBeGreaterThan(first.scale);

  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(timeline).toHaveAttribute('data-message-count', String(COUNT));
  await expect(progress).toHaveCount(0);
});

test('a download of unknown size shows the bytes read and a bar that only says it is working', async ({ page }) => {
  const { progress, bar } = await openSlowly(page, false);
  await expect(progress).toContainText(/Reading \d+\.\d MB(?! of)/);
  await expect(progress).toHaveAttribute('data-phase', 'read');
  await expect(bar).toHaveClass(/indeterminate/);
  expect((await barState(bar)).percent).toBeNull();

  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(COUNT), { timeout: 30_000 });
});

test('while a download arrives, the progress says how many entries are parsed already', async ({ page }) => {
  // Large enough for several of the parser's batches (a megabyte each) to complete before the end.
  const count = 8000;
  const { progress } = await openSlowly(page, true, JSON.stringify(generateHistory(count)));
  // Text and attribute read together, until a report from part way through shows (the last says all are parsed).
  const partWay = () =>
    progress.evaluate((element, total) => {
      const entries = Number(element.getAttribute('data-entries') ?? 0);
      const said = /· ([\d,]+) entries parsed/.exec(element.textContent)?.[1]?.replaceAll(',', '');
      return element.getAttribute('data-phase') === 'read' && entries > 0 && entries < total && Number(said) === entries;
    }, count);
  await expect.poll(partWay).toBe(true);

  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(count), { timeout: 30_000 });
});

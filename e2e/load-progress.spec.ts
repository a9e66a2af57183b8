import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator } from '@playwright/test';
import { generateHistory } from '../scripts/bench/generate.mjs';

const COUNT = 2000;

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

/** The bar's percentage as the page states it, or null when it states none. */
async function percent(bar: Locator): Promise<number | null> {
  const value = await bar.getAttribute('aria-valuenow');
  return value === null ? null : Number(value);
}

/** The horizontal scale of the bar's fill, from its computed transform (a matrix once scaled). */
async function fillScale(bar: Locator): Promise<number> {
  const transform = await bar.locator('div').evaluate((fill) => getComputedStyle(fill).transform);
  const match = /^matrix\(([^,]+),/.exec(transform);
  return match ? Number(match[1]) : 1;
}

test('a download in progress fills the bar with the bytes read, then the history opens', async ({ page }) => {
  const text = JSON.stringify(generateHistory(COUNT));
  const server = await slowServer(text, 16, 150, true);
  try {
    await page.goto(`/?src=${encodeURIComponent(server.url)}`);
    const progress = page.getByTestId('progress');
    const bar = progress.getByRole('progressbar', { name: 'Loading' });
    const total = `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`;

    // Part way: the text says how much of the whole has arrived, and the bar shows the same share.
    await expect(progress).toContainText(new RegExp(`Reading \\d+\\.\\d MB of ${total.replace('.', '\\.')}`));
    await expect.poll(() => percent(bar)).toBeGreaterThan(0);
    const first = (await percent(bar)) ?? 0;
    expect(first).toBeLessThan(100);
    const scale = await fillScale(bar);
    expect(scale).toBeGreaterThan(0);
    expect(scale).toBeLessThan(1);
    await expect(bar).not.toHaveClass(/indeterminate/);

    // It grows as more arrives, while the page stays usable.
    await expect.poll(() => percent(bar)).toBeGreaterThan(first);
    expect(await fillScale(bar)).toBeGreaterThan(scale);

    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(timeline).toHaveAttribute('data-message-count', String(COUNT));
    await expect(progress).toHaveCount(0);
  } finally {
    server.close();
  }
});

test('a download of unknown size shows the bytes read and a bar that only says it is working', async ({ page }) => {
  const text = JSON.stringify(generateHistory(COUNT));
  const server = await slowServer(text, 16, 150, false);
  try {
    await page.goto(`/?src=${encodeURIComponent(server.url)}`);
    const progress = page.getByTestId('progress');
    const bar = progress.getByRole('progressbar', { name: 'Loading' });
    await expect(progress).toContainText(/Reading \d+\.\d MB(?! of)/);
    await expect(progress).toHaveAttribute('data-phase', 'read');
    await expect(bar).toHaveClass(/indeterminate/);
    expect(await percent(bar)).toBeNull();

    await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(COUNT), { timeout: 30_000 });
  } finally {
    server.close();
  }
});

import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp } from './helpers';
import { findingSet, shot, startServe, stopServe } from './share-helpers';

// Short links through `msgscope serve` (the built CLI, serving the built app beside it): the page encrypts, uploads
// and shows `#s=<id>.<key>`; another browser opens it; each way it can fail says its own thing.

// E2E_CLI runs a CLI built elsewhere (`vite build --config vite.cli.config.ts --outDir DIR`, its app in DIR/../app).
const CLI = process.env.E2E_CLI ?? join(import.meta.dirname, '../bin/msgscope.js');
const FILE = 'weather-orphan.openai.json';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const select = (page: Page, index: number): Promise<void> => message(page, index).click({ position: { x: 40, y: 12 } });

async function openElsewhere(browser: Browser, link: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await prepare?.(page);
  await page.goto(link);
  return page;
}

/** Share ▸ Short link up to the link, confirming the first upload when asked. */
async function makeShortLink(page: Page, expires?: string): Promise<string> {
  await page.getByTestId('share').click();
  await page.locator('[data-testid=share-action][data-action=short]').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toHaveAttribute('data-step', 'short-options');
  if (expires) await page.locator(`[data-testid=share-expiry-option][value="${expires}"]`).check();
  await page.getByTestId('share-create').click();
  await expect(dialog).toHaveAttribute('data-step', /short-confirm|short-done/);
  if ((await dialog.getAttribute('data-step')) === 'short-confirm') await page.getByTestId('share-confirm').click();
  await expect(dialog).toHaveAttribute('data-step', 'short-done');
  return page.getByTestId('share-link').inputValue();
}

test('a short link through msgscope serve: encrypted, opened elsewhere on the same view, then deleted', async ({ page, browser }) => {
  const server = await startServe(CLI);
  try {
    const uploads: { body: Buffer | null; url: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') uploads.push({ body: request.postDataBuffer(), url: request.url() });
    });
    await openApp(page, server.url);
    await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
    await expectLoaded(page, FILE, 7);
    await select(page, 4);
    const findings = await findingSet(page);

    await page.getByTestId('share').click();
    await expect(page.locator('[data-testid=share-action][data-action=short]')).toBeVisible();
    await shot(page, 'share-menu-short');
    await page.locator('[data-testid=share-action][data-action=short]').click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog).toHaveAttribute('data-step', 'short-options');
    // 30 days unless the user says otherwise.
    await expect(page.locator('[data-testid=share-expiry-option]:checked')).toHaveValue('30d');
    await shot(page, 'short-options');
    await page.getByTestId('share-create').click();
    // The first upload from this browser asks first who can read it.
    await expect(dialog).toHaveAttribute('data-step', 'short-confirm');
    await expect(page.getByTestId('share-confirm-text')).toContainText('Anyone with the link can read it.');
    await shot(page, 'short-confirm');
    expect(uploads).toEqual([]);
    await page.getByTestId('share-confirm').click();
    await expect(dialog).toHaveAttribute('data-step', 'short-done');
    await shot(page, 'short-done');
    const link = await page.getByTestId('share-link').inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(server.url.replace(/\/$/, '') + '/');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('m')).toBe('4');
    const [id, key] = (fragment.get('s') ?? '').split('.');
    expect(key).toMatch(/^[\w-]{43}$/);
    // What went to the server: ciphertext under the link's id, with no word of the history and not the key.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.url).toBe(`${server.url}api/shares?expires=30d`);
    const body = uploads[0]?.body?.toString('latin1') ?? '';
    for (const plain of ['weather', 'Beijing', 'get_weather', key ?? '-']) expect(body).not.toContain(plain);

    const other = await openElsewhere(browser, link);
    await expectLoaded(other, FILE, 7);
    expect(await findingSet(other)).toEqual(findings);
    await expect(message(other, 4)).toHaveAttribute('data-selected', 'true');
    await expect(other.getByTestId('detail')).toHaveAttribute('data-index', '4');
    await other.context().close();

    // A wrong key, an unknown id: each its own message.
    const wrongKey = await openElsewhere(browser, link.replace(`.${key}`, `.${key?.startsWith('A') ? 'B' : 'A'}${key?.slice(1)}`));
    await expect(wrongKey.getByTestId('import-error')).toContainText('Could not open the short link');
    await expect(wrongKey.getByTestId('import-error')).toContainText('does not open its share');
    await wrongKey.context().close();

    // Delete this link: the link then opens nothing, and says so.
    await page.getByTestId('share-delete').click();
    await expect(page.getByTestId('share-deleted')).toBeVisible();
    const deleted = await openElsewhere(browser, link);
    await expect(deleted.getByTestId('import-error')).toContainText('This short link does not exist');
    await expect(deleted.getByTestId('timeline')).toHaveAttribute('data-state', 'error');
    await shot(deleted, 'short-deleted');
    await deleted.context().close();
    expect(id).toBeTruthy();

    // The second upload from this browser asks no more, with the expiry chosen.
    await page.getByTestId('share-close').click();
    const again = await makeShortLink(page, '1d');
    expect(uploads.at(-1)?.url).toBe(`${server.url}api/shares?expires=1d`);
    expect(again).not.toBe(link);
  } finally {
    await stopServe(server);
  }
});

test('a short link that is expired, tampered with or on a server that does not answer says which', async ({ page, browser }) => {
  const server = await startServe(CLI);
  try {
    await openApp(page, server.url);
    await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
    await expectLoaded(page, FILE, 7);
    const link = await makeShortLink(page);
    const id = (new URLSearchParams(new URL(link).hash.slice(1)).get('s') ?? '').split('.')[0] ?? '';
    const blobUrl = `${server.url}api/shares/${id}`;

    const expired = await openElsewhere(browser, link, (p) => p.route(blobUrl, (route) => route.fulfill({ status: 410, json: { error: 'Expired' } })));
    await expect(expired.getByTestId('import-error')).toContainText('This short link has expired');
    await expired.context().close();

    const tampered = await openElsewhere(browser, link, (p) =>
      p.route(blobUrl, async (route) => {
        const body = await (await route.fetch()).body();
        body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
        await route.fulfill({ status: 200, body, contentType: 'application/octet-stream' });
      }),
    );
    await expect(tampered.getByTestId('import-error')).toContainText('was changed after it was made');
    await tampered.context().close();

    const unreachable = await openElsewhere(browser, link, (p) => p.route(blobUrl, (route) => route.abort('connectionrefused')));
    await expect(unreachable.getByTestId('import-error')).toContainText('cannot be reached');
    await shot(unreachable, 'short-unreachable');
    await unreachable.context().close();

    // Cut inside the key, as a chat app may: known without asking the server.
    const cut = await openElsewhere(browser, link.slice(0, -10));
    await expect(cut.getByTestId('import-error')).toContainText('This short link was cut or damaged');
    await cut.context().close();
  } finally {
    await stopServe(server);
  }
});

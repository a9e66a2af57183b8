import { expect, test, type Browser, type Page } from '@playwright/test';
import { fakeSecrets } from '../src/core/testing/secrets';
import { expectLoaded, expectSample, fixturePath, longHistory, message, openApp, pasteIntoBox } from './helpers';
import { findingSet, shot } from './share-helpers';

// Links (docs/page-hooks.md, "Links and sharing"): the address says what is on screen, and a link made with
// *Share ▸ Copy link* carries the history itself. Opened in a browser that never saw it, it shows the same.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

// An OpenAI Chat request: 7 messages, an orphaned call among its findings.
const FILE = 'weather-orphan.openai.json';

async function expectSelected(page: Page, index: number): Promise<void> {
  await expect(message(page, index)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(index));
  await expect(page.getByTestId('detail')).toContainText(`Message #${index}`);
}

/** Clicks a card's head: its middle may be a chip, which selects the message at the other end of the link. */
const select = (page: Page, index: number): Promise<void> => message(page, index).click({ position: { x: 40, y: 12 } });

const hashOf = (page: Page): URLSearchParams => new URLSearchParams(new URL(page.url()).hash.slice(1));

/** Share ▸ Copy link, through the secrets step when there is one; the link the dialog shows. */
async function copyLink(page: Page, secrets?: 'redact' | 'keep'): Promise<string> {
  await page.getByTestId('share').click();
  await page.locator('[data-testid=share-action][data-action=link]').click();
  const dialog = page.getByTestId('share-dialog');
  if (secrets) {
    await expect(dialog).toHaveAttribute('data-step', 'secrets');
    await page.getByTestId(secrets === 'redact' ? 'share-redact' : 'share-keep-secrets').click();
  }
  await expect(dialog).toHaveAttribute('data-step', 'link');
  return page.getByTestId('share-link').inputValue();
}

/** Opens `link` in a browser context of its own: no storage, no clipboard, nothing shared with the sender's. */
async function openElsewhere(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

test('a deep link restores the selection, the tab, the role filters and the search, on top of ?src=', async ({ page }) => {
  const src = '/histories/weather.json';
  await page.route(
    (url) => url.pathname === src,
    (route) => route.fulfill({ path: fixturePath(FILE), contentType: 'application/json' }),
  );
  await page.goto(`/?src=${src}#m=3&tab=providers&role=ai,tool&q=weather`);
  await expectLoaded(page, src, 7);
  await expectSelected(page, 3);
  await expect(page.locator('[data-testid=side-tab][data-tab=verdicts]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid=role-filter][data-role=ai]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid=role-filter][data-role=tool]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid=role-filter][data-role=human]')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('search')).toHaveValue('weather');
  // The filters apply: no human message is shown.
  await expect(page.locator('[data-testid=message][data-role=human]')).toHaveCount(0);

  // Every change is written back in place: no new entry in the browser's history.
  const entries = await page.evaluate(() => history.length);
  await page.locator('[data-testid=side-tab][data-tab=findings]').click();
  await page.locator('[data-testid=role-filter][data-role=human]').click();
  await page.getByTestId('search').fill('');
  await select(page, 1);
  await expect.poll(() => new URL(page.url()).hash).toBe('#m=1&role=human,ai,tool');
  expect(new URL(page.url()).searchParams.get('src')).toBe(src);
  expect(await page.evaluate(() => history.length)).toBe(entries);

  // And the address opens that view again.
  await page.reload();
  await expectLoaded(page, src, 7);
  await expectSelected(page, 1);
  await expect(page.locator('[data-testid=side-tab][data-tab=findings]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid=role-filter][data-role=system]')).toHaveAttribute('aria-pressed', 'false');
});

test('a deep link into the sample selects its message', async ({ page }) => {
  await page.goto('/#m=2');
  await expectSample(page);
  await expectSelected(page, 2);
});

test('copy link: opened in another browser context, the same timeline, findings and selection', async ({ page, browser }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  await select(page, 4);
  await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
  const findings = await findingSet(page);
  expect(findings.length).toBeGreaterThan(0);

  const link = await copyLink(page);
  await shot(page, 'copy-link');
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe(new URL(page.url()).origin + '/');
  expect(url.search).toBe('');
  const fragment = new URLSearchParams(url.hash.slice(1));
  expect(fragment.get('m')).toBe('4');
  expect(fragment.get('tab')).toBe('providers');
  expect(fragment.get('h')).toMatch(/^1\.[\w-]+$/);
  // It is on the clipboard as well, and the dialog says how long it is and where it breaks.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByTestId('share-copied')).toBeVisible();
  await expect(page.getByTestId('share-link-length')).toHaveAttribute('data-length', String(link.length));
  await expect(page.locator('[data-testid=share-limit][data-limit=chromium]')).toHaveAttribute('data-fits', 'true');
  await expect(page.locator('[data-testid=share-limit][data-limit=outlook]')).toHaveAttribute('data-fits', String(link.length <= 1024));
  await page.getByTestId('share-close').click();
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);

  const other = await openElsewhere(browser, link);
  await expectLoaded(other, FILE, 7);
  expect(await findingSet(other)).toEqual(findings);
  await expectSelected(other, 4);
  await expect(other.locator('[data-testid=side-tab][data-tab=verdicts]')).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('format')).toHaveAttribute('data-format', 'openai-chat');
  // The recipient's address keeps the history as it moves on: selecting writes m= beside h=.
  await select(other, 2);
  await expect.poll(() => hashOf(other).get('m')).toBe('2');
  expect(hashOf(other).get('h')).toBe(fragment.get('h'));
  await other.context().close();
});

test('a link cut short, or damaged, says so in the import error, never a blank page', async ({ page, browser }) => {
  const long = longHistory(150);
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(long.text) });
  await expectLoaded(page, 'long.json', long.count);
  const link = await copyLink(page);
  expect(link.length).toBeGreaterThan(1024);
  await expect(page.locator('[data-testid=share-limit][data-limit=outlook]')).toHaveAttribute('data-fits', 'false');
  await expect(page.getByTestId('share-other-ways')).toBeVisible();
  await shot(page, 'link-too-long-for-outlook');

  // As Outlook cuts it.
  const cut = await openElsewhere(browser, link.slice(0, 1024));
  await expect(cut.getByTestId('import-error')).toContainText('Could not open the shared link');
  await expect(cut.getByTestId('import-error')).toContainText('This msgscope link was cut short');
  await expect(cut.getByTestId('timeline')).toHaveAttribute('data-state', 'error');
  await expect(cut.getByTestId('app')).toContainText('Open a message history');
  await shot(cut, 'cut-link');
  await cut.context().close();

  const at = link.indexOf('h=1.') + 40;
  const damaged = await openElsewhere(browser, `${link.slice(0, at)}~${link.slice(at + 1)}`);
  await expect(damaged.getByTestId('import-error')).toContainText('This msgscope link is damaged');
  await damaged.context().close();
});

test('secrets first: listed masked, redacted by default, and the recipient gets no secret', async ({ page, browser }) => {
  const key = fakeSecrets(7)['openai-api-key'];
  const history = JSON.stringify([
    { type: 'human', data: { content: 'Call the API for me', id: 'h1' } },
    { type: 'ai', data: { content: `Using ${key} as asked.`, id: 'a1' } },
  ]);
  await openApp(page);
  await pasteIntoBox(page, history);
  await expectLoaded(page, 'paste', 2);

  await page.getByTestId('share').click();
  await page.locator('[data-testid=share-action][data-action=link]').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toHaveAttribute('data-step', 'secrets');
  const hit = page.getByTestId('secret-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit).toHaveAttribute('data-kind', 'openai-api-key');
  await expect(hit).toContainText(`sk-proj-…${key.slice(-4)}`);
  await expect(hit).toContainText('line 1');
  expect(await dialog.innerText()).not.toContain(key.slice(8, -4));
  // Redacting is the default: it has the focus, Enter takes it.
  await expect(page.getByTestId('share-redact')).toBeFocused();
  await shot(page, 'secrets');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveAttribute('data-step', 'link');
  await expect(page.getByTestId('share-redaction')).toHaveAttribute('data-redacted', 'true');
  const redacted = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-close').click();

  const other = await openElsewhere(browser, redacted);
  await expectLoaded(other, 'paste', 2);
  await select(other, 1);
  await expect(other.getByTestId('detail-json')).toContainText('[REDACTED:openai-api-key]');
  expect(await other.content()).not.toContain(key);
  await other.context().close();

  // Shared as is, on the user's word, the recipient gets it.
  const kept = await copyLink(page, 'keep');
  await expect(page.getByTestId('share-redaction')).toHaveAttribute('data-redacted', 'false');
  const withKey = await openElsewhere(browser, kept);
  await expectLoaded(withKey, 'paste', 2);
  await expect(message(withKey, 1)).toContainText(key);
  await withKey.context().close();
});

test('copy link to this message: the address itself when it opens the history, else a link that carries it', async ({ page }) => {
  const src = '/histories/weather.json';
  await page.route(
    (url) => url.pathname === src,
    (route) => route.fulfill({ path: fixturePath(FILE), contentType: 'application/json' }),
  );
  await page.goto(`/?src=${src}`);
  await expectLoaded(page, src, 7);
  await select(page, 5);
  await page.getByTestId('copy-message-link').click();
  await expect(page.getByTestId('copy-message-link')).toHaveAttribute('data-copied', 'true');
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.searchParams.get('src')).toBe(src);
  expect(new URLSearchParams(copied.hash.slice(1)).get('m')).toBe('5');

  // A file from disk is in no address: the link must carry it, secrets checked first as for Share ▸ Copy link.
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  // The address no longer names the history it showed before.
  expect(new URL(page.url()).searchParams.get('src')).toBeNull();
  await select(page, 6);
  await page.getByTestId('copy-message-link').click();
  await expect(page.getByTestId('share-dialog')).toHaveAttribute('data-step', 'link');
  const link = await page.getByTestId('share-link').inputValue();
  expect(new URLSearchParams(new URL(link).hash.slice(1)).get('m')).toBe('6');
});

test('the Share menu asks for a share server only when opened, and offers no short link without one', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('msgscope.config.json')) asked.push(pathname);
  });
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(FILE));
  await expectLoaded(page, FILE, 7);
  expect(asked).toEqual([]);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-menu')).toBeVisible();
  await expect.poll(() => asked.sort()).toEqual(['/api/config', '/msgscope.config.json']);
  await expect(page.locator('[data-testid=share-action]')).toHaveCount(2);
  await expect(page.locator('[data-testid=share-action][data-action=short]')).toHaveCount(0);
  await shot(page, 'share-menu');
});

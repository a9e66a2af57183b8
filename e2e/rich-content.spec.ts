import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectLoaded, fixturePath, fixtureText, message, openApp } from './helpers';

// A Claude Code session written for this (fixtures/rich-content.claude-code.jsonl): a user turn with a screenshot
// (base64) and a link to a mock on another host, an AI turn with thinking, redacted thinking and a tool call, the
// tool's JSON output, an answer in Markdown (heading, list, table, code fence, a link, raw HTML, a javascript: link, an
// image on the other host), and a last turn. Message times: +3.4 s, +0.7 s, +2.1 min (a long gap), +30 s.
const FIXTURE = 'rich-content.claude-code.jsonl';
const HOST = 'images.example.test';
const SCREENSHOT = readFileSync(fixturePath(FIXTURE), 'utf8').match(/"data": "([A-Za-z0-9+/=]+)"/)?.[1] ?? '';

/** Every request the page makes to HOST, fulfilled with a picture (and counted whether or not it is let through). */
async function watchHost(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).host === HOST) requested.push(request.url());
  });
  await page.route(`https://${HOST}/**`, (route) =>
    route.fulfill({ body: Buffer.from(SCREENSHOT, 'base64'), contentType: 'image/png', headers: { 'access-control-allow-origin': '*' } }),
  );
  return requested;
}

async function openFixture(page: Page): Promise<void> {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles({ name: FIXTURE, mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText(FIXTURE)) });
  await expectLoaded(page, FIXTURE, 5);
  // The sample's cards are gone once the first card is the fixture's.
  await expect(message(page, 0)).toHaveAttribute('data-message-id', '00000001-aaaa-4bbb-8ccc-dddddddddddd');
}

async function select(page: Page, index: number): Promise<void> {
  await message(page, index).click({ position: { x: 30, y: 10 } });
  await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(index));
  await expect(page.getByTestId('detail-json')).toBeVisible();
}

const naturalWidth = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => (element instanceof HTMLImageElement && element.complete ? element.naturalWidth : -1));

test('images: the base64 screenshot is a thumbnail that opens full size; the remote one is fetched only on Load image', async ({ page }, testInfo) => {
  const requested = await watchHost(page);
  await openFixture(page);
  await select(page, 0);
  const detail = page.getByTestId('detail');
  const thumbs = detail.getByTestId('image-thumb');
  await expect(thumbs).toHaveCount(1);
  // Decoded for real: the fixture's picture is 96 × 64.
  await expect.poll(() => naturalWidth(page, '[data-testid=detail] [data-testid=image-thumb] img')).toBe(96);
  expect(await thumbs.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

  const load = detail.getByTestId('load-image');
  await expect(load).toHaveText(`Load image (${HOST})`);
  await expect(detail.getByTestId('remote-image')).toContainText(`https://${HOST}/mocks/latency-chart.png`);
  // Opening the history, the detail and its images asked nothing of the other host.
  await page.waitForTimeout(300);
  expect(requested).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('images-before-load.png') });

  await thumbs.click();
  const dialog = page.getByTestId('image-dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => naturalWidth(page, '[data-testid=image-full]')).toBe(96);
  const full = await page.getByTestId('image-full').boundingBox();
  const thumb = await thumbs.locator('img').boundingBox();
  expect(full!.width).toBeGreaterThanOrEqual(96);
  expect(full!.width).toBeGreaterThanOrEqual(thumb!.width);
  await page.screenshot({ path: testInfo.outputPath('image-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The control: the click is a request, and the watch sees it.
  await load.click();
  await expect(detail.getByTestId('remote-image')).toHaveAttribute('data-state', 'loaded');
  expect(requested).toEqual([`https://${HOST}/mocks/latency-chart.png`]);
  await expect(thumbs).toHaveCount(2);
  expect(await thumbs.nth(1).locator('img').getAttribute('src')).toMatch(/^blob:http:\/\/127\.0\.0\.1/);
  await expect.poll(() => naturalWidth(page, '[data-testid=detail] [data-testid=image-thumb] >> nth=1 >> img')).toBe(96);
  await thumbs.nth(1).click();
  await expect(page.getByTestId('image-dialog')).toBeVisible();
  await page.getByTestId('image-close').click();
  await expect(page.getByTestId('image-dialog')).toHaveCount(0);
});

test('a remote image that does not come says why and offers a new tab, rather than failing silently', async ({ page }) => {
  const answers = [
    (route: Route) => route.abort('connectionrefused'),
    (route: Route) => route.fulfill({ body: '<html>login</html>', contentType: 'text/html', headers: { 'access-control-allow-origin': '*' } }),
    (route: Route) => route.fulfill({ body: 'not a png', contentType: 'image/png', headers: { 'access-control-allow-origin': '*' } }),
  ];
  let asked = 0;
  await page.route(`https://${HOST}/**`, (route) => answers[asked++]!(route));
  await openFixture(page);
  await select(page, 0);
  const remote = page.getByTestId('detail').getByTestId('remote-image');
  const error = remote.getByTestId('load-image-error');
  for (const said of ['the request failed', 'it is not an image (text/html)', 'the browser cannot show what it sent as image/png']) {
    await remote.getByTestId('load-image').click();
    await expect(error).toContainText(said);
    await expect(remote).toHaveAttribute('data-state', 'failed');
    await expect(error).toHaveAttribute('data-reason', 'failed');
  }
  expect(asked).toBe(3);
  await expect(remote.getByTestId('image-thumb')).toHaveCount(0);
  const tab = error.getByTestId('open-image');
  await expect(tab).toHaveAttribute('href', `https://${HOST}/mocks/latency-chart.png`);
  await expect(tab).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(tab).toHaveAttribute('target', '_blank');
});

test('reasoning is folded with its token count, redacted thinking is marked, tool arguments and output are JSON trees', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFixture(page);
  await select(page, 1);
  const detail = page.getByTestId('detail');
  const reasoning = detail.getByTestId('reasoning');
  await expect(reasoning).toHaveCount(2);
  const thinking = reasoning.first();
  await expect(thinking).not.toHaveAttribute('open');
  await expect(thinking).toHaveAttribute('data-token-source', 'counted');
  const tokens = Number(await thinking.getAttribute('data-tokens'));
  // Three sentences of about 20 words: some 60 tokens.
  expect(tokens).toBeGreaterThan(40);
  expect(tokens).toBeLessThan(120);
  await expect(thinking.locator('summary')).toContainText(`${tokens} tokens counted in its text (o200k_base)`);
  await expect(thinking).not.toContainText('ingestion job is the next suspect');
  await expect(reasoning.nth(1)).toHaveAttribute('data-hidden', 'redacted');
  await expect(reasoning.nth(1).locator('summary')).toContainText('Redacted reasoning');
  await expect(reasoning.nth(1).locator('summary')).toContainText('redacted by the provider');
  await thinking.locator('summary').click();
  await expect(thinking).toHaveAttribute('open');
  await expect(thinking).toContainText('ingestion job is the next suspect');

  const args = detail.getByTestId('call-args');
  await expect(args).toHaveAttribute('data-render', 'json');
  await expect(args.locator('[data-testid=json-node][data-path="$.window.from"]')).toContainText('"2025-09-14T08:15:00Z"');
  await page.screenshot({ path: testInfo.outputPath('reasoning-and-args.png') });

  await select(page, 2);
  const output = detail.getByTestId('detail-text');
  await expect(output).toHaveAttribute('data-render', 'json');
  const tree = output.getByTestId('json-tree');
  const windowNode = tree.locator('[data-testid=json-node][data-path="$.window"]');
  await expect(windowNode).toHaveAttribute('data-open', 'true');
  await expect(tree.locator('[data-path="$.window.to"]')).toBeVisible();
  // Collapse: the children leave, the summary says how many there were.
  await windowNode.getByTestId('json-toggle').first().click();
  await expect(windowNode).toHaveAttribute('data-open', 'false');
  await expect(tree.locator('[data-path="$.window.to"]')).toHaveCount(0);
  await expect(windowNode).toContainText('2 keys');
  await expect(windowNode.getByTestId('json-toggle').first()).toHaveAttribute('aria-expanded', 'false');
  // Copy a node: its JSON; copy the whole: the text as written.
  const partition = tree.locator('[data-testid=json-node][data-path="$.partitions[1]"]');
  await partition.getByTestId('json-copy').first().click();
  await expect(partition.getByTestId('json-copy').first()).toHaveText('Copied');
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ date: '2025-09-13', status: 'ok', rows: 1284312 });
  await tree.getByTestId('json-copy-all').click();
  const whole = await page.evaluate(() => navigator.clipboard.readText());
  expect(whole).toContain('"rows_scanned": 0');
  expect(JSON.parse(whole)).toMatchObject({ series: [], rows_scanned: 0 });
  await page.screenshot({ path: testInfo.outputPath('json-tree.png') });
});

test('Markdown renders inert: heading, list, table, a fenced block with its language, a link to a new tab, HTML as text', async ({ page }, testInfo) => {
  const requested = await watchHost(page);
  const hits: string[] = [];
  page.on('dialog', (dialog) => {
    hits.push(dialog.message());
    void dialog.dismiss();
  });
  await openFixture(page);
  await select(page, 3);
  const text = page.getByTestId('detail').getByTestId('detail-text');
  await expect(text).toHaveAttribute('data-render', 'markdown');
  const markdown = text.getByTestId('markdown');
  await expect(markdown.locator('h2')).toHaveText('Why the latency chart is empty');
  await expect(markdown.locator('ol > li')).toHaveCount(2);
  await expect(markdown.locator('ol ul > li')).toHaveText("yesterday's has 1,284,312 rows");
  await expect(markdown.locator('table tr')).toHaveCount(3);
  await expect(markdown.locator('table td').nth(2)).toHaveText('1,284,312');
  const code = markdown.getByTestId('code-block');
  await expect(code).toHaveAttribute('data-language', 'bash');
  await expect(code.locator('code')).toHaveClass('language-bash');
  await expect(code).toContainText('ingest --date 2025-09-14');
  const link = markdown.locator('a');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveText('ingestion runbook');
  await expect(link).toHaveAttribute('href', 'https://docs.example.test/runbooks/ingestion');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // HTML shows as the text it is; no element of it is made.
  await expect(markdown).toContainText(`<b onclick="alert('bold')">tooltip</b>`);
  await expect(markdown).toContainText(`<script>alert('xss')</script>`);
  expect(await markdown.locator('script, b, img, iframe, [onclick]').count()).toBe(0);
  // The javascript: link is its words and its target, as text.
  const inert = markdown.getByTestId('inert-link');
  await expect(inert).toContainText('bad link');
  await expect(inert).toContainText("javascript:alert('link')");
  await inert.click();
  // The Markdown image: its words and address, and a button; not fetched.
  const image = markdown.getByTestId('md-image');
  await expect(image).toContainText('expected chart');
  await expect(image.getByTestId('load-image')).toHaveText(`Load image (${HOST})`);
  await page.waitForTimeout(300);
  expect(requested).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('markdown.png') });
  await image.getByTestId('load-image').click();
  await expect(image.getByTestId('image-thumb')).toBeVisible();
  expect(requested).toEqual([`https://${HOST}/mocks/expected-chart.png`]);
  expect(hits).toEqual([]);
});

test('Rendered / Raw: Raw shows the text as written, and the choice is kept across a reload', async ({ page }) => {
  await openFixture(page);
  await select(page, 3);
  const toggle = page.getByTestId('raw-toggle');
  await expect(toggle).toHaveAttribute('data-mode', 'rendered');
  await toggle.locator('[data-mode=raw]').click();
  await expect(toggle).toHaveAttribute('data-mode', 'raw');
  const text = page.getByTestId('detail').getByTestId('detail-text');
  await expect(text).not.toHaveAttribute('data-render');
  await expect(text).toContainText('## Why the latency chart is empty');
  await expect(text).toContainText('| 2025-09-14 | missing | 0 |');
  await expect(page.getByTestId('detail').getByTestId('markdown')).toHaveCount(0);

  await page.reload();
  await expectLoaded(page, FIXTURE, 5);
  await expect(message(page, 0)).toHaveAttribute('data-message-id', '00000001-aaaa-4bbb-8ccc-dddddddddddd');
  await select(page, 2);
  await expect(page.getByTestId('raw-toggle')).toHaveAttribute('data-mode', 'raw');
  await expect(page.getByTestId('detail').getByTestId('json-tree')).toHaveCount(0);
  await expect(page.getByTestId('detail').getByTestId('detail-text')).toContainText('"rows_scanned": 0');
  await page.getByTestId('raw-toggle').locator('[data-mode=rendered]').click();
  await expect(page.getByTestId('detail').getByTestId('json-tree')).toBeVisible();
});

test('cards show their time and the gap since the message before; the long gap stands out; the detail shows the time as written and local', async ({
  page,
}, testInfo) => {
  await openFixture(page);
  const times = page.getByTestId('card-time');
  await expect(times).toHaveCount(5);
  const gaps = await times.evaluateAll((elements) => elements.map((element) => [element.getAttribute('data-gap-ms'), element.hasAttribute('data-long-gap')]));
  expect(gaps).toEqual([
    [null, false],
    ['3400', false],
    ['700', false],
    ['125900', true],
    ['30000', false],
  ]);
  await expect(message(page, 1).getByTestId('card-time')).toContainText('+3.4 s');
  await expect(message(page, 2).getByTestId('card-time')).toContainText('+700 ms');
  await expect(message(page, 3).getByTestId('card-time')).toContainText('+2.1 min');
  await expect(message(page, 4).getByTestId('card-time')).toContainText('+30 s');
  // Local time on the card: the time zone is the browser's.
  const clock = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(
      Date.parse('2025-09-14T09:15:03.400Z'),
    ),
  );
  await expect(message(page, 1).getByTestId('card-time').locator('time')).toHaveText(clock);
  // The long gap is drawn apart from the others.
  const color = (index: number) =>
    message(page, index)
      .locator('.card-gap')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await color(3)).not.toBe(await color(4));
  await page.screenshot({ path: testInfo.outputPath('card-times.png') });

  await select(page, 1);
  const fields = page.getByTestId('detail').locator('.fields').first();
  await expect(fields).toContainText('2025-09-14T09:15:03.400Z');
  await expect(page.getByTestId('detail-time')).toHaveAttribute('data-ms', String(Date.parse('2025-09-14T09:15:03.400Z')));
  await expect(page.getByTestId('detail-time')).toContainText('local:');
});

test('the Markdown renderer is not in the first paint: its chunk loads with the first text shown', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/Markdown-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url());
  });
  await openApp(page);
  await page.waitForTimeout(300);
  expect(chunks).toEqual([]);
  await select(page, 0);
  await expect(page.getByTestId('detail').getByTestId('markdown')).toBeVisible();
  expect(chunks).toHaveLength(1);
});

test('in the single HTML file (file://, where the page may request nothing) the inline image shows and the remote ones say they cannot load', async ({
  browser,
}, testInfo) => {
  const html = join(mkdtempSync(join(tmpdir(), 'msgscope-rich-')), 'rich.html');
  execFileSync(process.execPath, [join(import.meta.dirname, '../bin/msgscope.js'), 'convert', fixturePath(FIXTURE), '--to', 'html', '-o', html], {
    stdio: 'pipe',
  });
  const context = await browser.newContext();
  await context.setOffline(true);
  const page = await context.newPage();
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await page.goto(pathToFileURL(html).href);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
  await select(page, 0);
  // The page's policy (img-src data:) lets the picture the file carries show.
  await expect.poll(() => naturalWidth(page, '[data-testid=detail] [data-testid=image-thumb] img')).toBe(96);
  const remote = page.getByTestId('detail').getByTestId('remote-image');
  await expect(remote).toHaveAttribute('data-state', 'forbidden');
  await expect(remote.getByTestId('load-image')).toHaveCount(0);
  await expect(remote.getByTestId('load-image-forbidden')).toContainText(`cannot load this image from ${HOST}`);
  await expect(remote.getByTestId('open-image')).toHaveAttribute('rel', 'noopener noreferrer');
  await page.screenshot({ path: testInfo.outputPath('standalone-images.png') });
  await select(page, 3);
  await expect(page.getByTestId('detail').getByTestId('md-image').getByTestId('load-image-forbidden')).toBeVisible();
  await page.waitForTimeout(300);
  expect(elsewhere).toEqual([]);
  await context.close();
});

test('a Markdown renderer that cannot load leaves the text as written, and says so; the rest of the pane stays', async ({ page }) => {
  await page.route(
    (url) => /\/assets\/Markdown-[\w-]+\.js$/.test(url.pathname),
    (route) => route.abort(),
  );
  await openFixture(page);
  await select(page, 3);
  const text = page.getByTestId('detail').getByTestId('detail-text');
  await expect(text.getByTestId('markdown-failed')).toContainText('Shown as written');
  await expect(text).toContainText('## Why the latency chart is empty');
  await expect(text.getByTestId('markdown')).toHaveCount(0);
  // JSON needs no renderer: the tool's output is still a tree.
  await select(page, 2);
  await expect(page.getByTestId('detail').getByTestId('json-tree')).toBeVisible();
});

test('a tool’s terminal output shows as written, not as Markdown: its spaces and underscores stay', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath('real/claude-code-transcripts/sample_session.json'));
  await expectLoaded(page, 'sample_session.json', 33);
  await message(page, 4).click();
  const text = page.getByTestId('detail').getByTestId('detail-text');
  // As Markdown, `..  [100%]` would collapse to one space and `=====` lines would become rules or headings.
  await expect(text).toContainText('tests/test_math.py ..  [100%]');
  await expect(text).not.toHaveAttribute('data-render', 'markdown');
  await expect(text.locator('h1, h2, hr')).toHaveCount(0);
});

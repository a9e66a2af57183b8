import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { nodeRawDeflate } from '../src/cli/shareCodec';
import { encodeInlinePayload } from '../src/core/share/payload';
import { fakeSecrets } from '../src/core/testing/secrets';
import { MARKDOWN_PAYLOAD, XSS_PAYLOADS } from '../src/core/testing/xssPayloads';
import { expectLoaded, expectSample, message, openApp } from './helpers';
import { openerPage, openFrom, startServe, stopServe } from './share-helpers';

// Histories are untrusted: user text, tool output, web pages a tool fetched. Payloads from the OWASP XSS
// filter evasion cheat sheet and Markdown's own ways to links, images and HTML (src/core/testing/xssPayloads.ts) go
// into every field of histories in several formats, into file names and into `?src=` values; the page, which renders
// message text as Markdown, must run none of them, add no active element and request nothing it was not asked to.
const PAYLOADS = XSS_PAYLOADS;
const ALL = PAYLOADS.join(' ');

/** The same payload-laden run in several formats: every string a reader shows is a payload. */
const HISTORIES: Record<string, unknown> = {
  'openai-chat': {
    model: ALL,
    messages: [
      { role: 'system', content: ALL },
      { role: 'user', content: ALL, name: ALL },
      { role: 'assistant', content: ALL, tool_calls: [{ id: ALL, type: 'function', function: { name: ALL, arguments: JSON.stringify({ q: ALL }) } }] },
      { role: 'tool', tool_call_id: ALL, content: ALL },
      { role: 'tool', tool_call_id: 'nobody', content: [{ type: 'text', text: ALL }] },
    ],
  },
  anthropic: {
    system: ALL,
    messages: [
      { role: 'user', content: [{ type: 'text', text: ALL }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: ALL, signature: ALL },
          { type: 'tool_use', id: 'toolu_1', name: ALL, input: { [ALL]: ALL } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: [{ type: 'text', text: ALL }] }] },
    ],
  },
  'langchain-stored': [
    { type: 'human', data: { content: ALL, id: ALL } },
    {
      type: 'ai',
      data: {
        content: ALL,
        tool_calls: [{ name: ALL, args: { x: ALL }, id: 'c1', type: 'tool_call' }],
        usage_metadata: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      },
    },
    { type: 'tool', data: { content: ALL, tool_call_id: 'c1', status: 'error', name: ALL } },
  ],
  // The detail pane renders text as Markdown: a document whose blocks carry payloads, in each role's text.
  'openai-chat-markdown': {
    model: 'gpt-4o',
    messages: [
      { role: 'system', content: MARKDOWN_PAYLOAD },
      { role: 'user', content: `${MARKDOWN_PAYLOAD}\n\n${ALL}` },
      {
        role: 'assistant',
        content: MARKDOWN_PAYLOAD,
        tool_calls: [{ id: 'call_md', type: 'function', function: { name: 'fetch_page', arguments: '{"url": "https://evil.test/"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_md', content: MARKDOWN_PAYLOAD },
    ],
  },
};

/** Input no reader takes: the error banner quotes it. */
const UNREADABLE = [{ [ALL]: ALL }, 7, ALL];

interface Watch {
  hits: string[];
  injected: string[];
  foreign: string[];
}

/** The test server's pages and whatever the page makes in memory: any other request is one nobody asked for. */
const servedHere = (url: URL): boolean => url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:';

/**
 * Counts executions (the payloads call __xssHit), active elements added to the page and requests to anywhere `own`
 * does not allow. On a context, every page of it is watched: a window one of them opens too.
 */
async function watch(target: Page | BrowserContext, own: (url: URL) => boolean = servedHere): Promise<Watch> {
  const seen: Watch = { hits: [], injected: [], foreign: [] };
  await target.exposeFunction('__xssReport', (kind: 'hits' | 'injected', what: string) => void seen[kind].push(what));
  await target.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (kind: string, what: string) => void }).__xssReport;
    (window as unknown as { __xssHit: (what: string) => void }).__xssHit = (what) => report('hits', what);
    // Elements that run or fetch something; the app draws none of them once it is up (its connectors are SVG,
    // which is not listed: any payload attribute on an element, SVG included, is caught below).
    const ACTIVE = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'IMG', 'LINK', 'STYLE', 'BASE', 'META', 'FRAME', 'VIDEO', 'AUDIO']);
    // Text in data-*, title or aria attributes is inert; a handler, or a URL attribute that runs or fetches, is not.
    const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']);
    const payload = (a: Attr) => a.name.startsWith('on') || (URL_ATTRIBUTES.has(a.name) && /javascript:|__xssHit|evil\.test/i.test(a.value));
    // A link the page made of Markdown, to http(s) or mailto in a new tab without an opener or referrer: being there
    // runs and fetches nothing (a click would open a tab, which the tests never do). Any other link is counted.
    const linkToElsewhere = (el: Element) => {
      const rel = el.getAttribute('rel') ?? '';
      return (
        el.tagName === 'A' &&
        /^(?:https?|mailto):/i.test(el.getAttribute('href') ?? '') &&
        el.getAttribute('target') === '_blank' &&
        /\bnoopener\b/.test(rel) &&
        /\bnoreferrer\b/.test(rel)
      );
    };
    new MutationObserver((records) => {
      // Armed once the app is up: its own module scripts and stylesheet come first.
      if (!(window as unknown as { __xssArmed?: boolean }).__xssArmed) return;
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll('*')]) {
            // The app's own chunks, preloaded as it goes (Vite writes a preload's URL whole, resolved against its importer).
            // An address that does not parse is no chunk of the app (and must not stop the count).
            const own = URL.parse(el.getAttribute('href') ?? el.getAttribute('src') ?? '', location.href);
            if (own?.protocol.startsWith('http') && own.origin === location.origin && own.pathname.startsWith('/assets/')) continue;
            const attributes = [...el.attributes].filter((a) => !(a.name === 'href' && linkToElsewhere(el)));
            if (ACTIVE.has(el.tagName.toUpperCase()) || attributes.some(payload)) report('injected', el.outerHTML.slice(0, 120));
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
  const counted = (request: { url(): string }): void => {
    if (!own(new URL(request.url()))) seen.foreign.push(request.url());
  };
  if ('pages' in target) target.on('request', counted);
  else target.on('request', counted);
  return seen;
}

const arm = (page: Page) => page.evaluate(() => void ((window as unknown as { __xssArmed: boolean }).__xssArmed = true));

async function visitEveryMessage(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await message(page, i).click({ position: { x: 30, y: 10 } });
    await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(i));
    await expect(page.getByTestId('detail-json')).toBeVisible();
  }
  for (const tab of ['verdicts', 'findings']) await page.locator(`[data-testid=side-tab][data-tab="${tab}"]`).click();
}

for (const [format, history] of Object.entries(HISTORIES)) {
  for (const jsonLines of [false, true]) {
    if (jsonLines && !Array.isArray(history)) continue;
    test(`${format}${jsonLines ? ' (JSON Lines)' : ''}: no payload runs, injects an element or makes a request`, async ({ page }) => {
      const seen = await watch(page);
      await openApp(page);
      await arm(page);
      const text = jsonLines ? (history as unknown[]).map((m) => JSON.stringify(m)).join('\n') : JSON.stringify(history);
      // The file's name is a payload too.
      const name = `<img src=x onerror=window.__xssHit('name')>.json`;
      await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      const timeline = page.getByTestId('timeline');
      await expect(timeline).toHaveAttribute('data-state', 'ready');
      const count = Number(await timeline.getAttribute('data-message-count'));
      expect(count).toBeGreaterThan(0);
      await visitEveryMessage(page, Math.min(count, 6));
      expect(seen).toEqual({ hits: [], injected: [], foreign: [] });
    });
  }
}

test('rendered Markdown of the payload history: links only to http(s) in a new tab, HTML as text, no image fetched, inert links click to nothing', async ({
  page,
}) => {
  const seen = await watch(page);
  await openApp(page);
  await arm(page);
  const history = HISTORIES['openai-chat-markdown'];
  await page.getByTestId('file-input').setInputFiles({ name: 'markdown.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(history)) });
  await expectLoaded(page, 'markdown.json', 4);
  await expect(message(page, 0)).toHaveAttribute('data-role', 'system');
  const detail = page.getByTestId('detail');
  // The system, user and assistant messages render Markdown; the tool's output (message 3) is shown as written.
  for (let i = 0; i < 3; i++) {
    await message(page, i).click({ position: { x: 30, y: 10 } });
    await expect(detail).toHaveAttribute('data-index', String(i));
    const markdown = detail.getByTestId('detail-text').getByTestId('markdown');
    await expect(markdown).toBeVisible();
    // Each block's HTML is its text.
    await expect(markdown).toContainText(`<script>window.__xssHit('block-script')</script>`);
    await expect(markdown).toContainText(`<div onmouseover="window.__xssHit('div')">block html</div>`);
    await expect(markdown.locator('h1')).toContainText(`<img src=x onerror=window.__xssHit('heading')>`);
    await expect(markdown.getByTestId('code-block')).toHaveAttribute('data-language', 'js');
    // The only links: to the evil host's page, in a new tab; the rest are text.
    const links = await markdown
      .locator('a')
      .evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]));
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const [href, target, rel] of links) {
      expect(href).toMatch(/^https:\/\/evil\.test\//);
      expect([target, rel]).toEqual(['_blank', 'noopener noreferrer']);
    }
    expect(
      await markdown.locator('img, script, iframe, svg, style, object, embed, input:not([type=checkbox]), [onmouseover], [onerror], [onfocus]').count(),
    ).toBe(0);
    // The image is a button, not a request.
    await expect(markdown.getByTestId('load-image')).toHaveText('Load image (evil.test)');
    for (const inert of await markdown.getByTestId('inert-link').all()) await inert.click();
    await expect(markdown.getByTestId('inert-link').first()).toBeVisible();
  }
  // Raw and back: the same text, as written.
  await page.getByTestId('raw-toggle').locator('[data-mode=raw]').click();
  await expect(detail.getByTestId('detail-text')).toContainText(`[r]: javascript:window.__xssHit('reference')`);
  await page.getByTestId('raw-toggle').locator('[data-mode=rendered]').click();
  await expect(detail.getByTestId('markdown')).toBeVisible();
  await message(page, 3).click({ position: { x: 30, y: 10 } });
  await expect(detail).toHaveAttribute('data-index', '3');
  const toolText = detail.getByTestId('detail-text');
  await expect(toolText).toContainText(`<script>window.__xssHit('block-script')</script>`);
  await expect(toolText.getByTestId('markdown')).toHaveCount(0);
  expect(await toolText.locator('*').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(seen).toEqual({ hits: [], injected: [], foreign: [] });
});

test('input no reader takes: the error that quotes it runs nothing either', async ({ page }) => {
  const seen = await watch(page);
  await openApp(page);
  await arm(page);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: `<svg onload=window.__xssHit('n')>.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(UNREADABLE)) });
  await expect(page.getByTestId('import-error')).toBeVisible();
  await page.getByTestId('paste-input').fill(`{"broken": "${ALL.replaceAll('"', "'")}`);
  await page.getByTestId('paste-submit').click();
  await expect(page.getByTestId('import-error')).toContainText('Could not open the pasted text');
  expect(seen).toEqual({ hits: [], injected: [], foreign: [] });
});

test('a ?src= value and a pasted history full of payloads run nothing either', async ({ page }) => {
  const seen = await watch(page);
  await page.route(
    (url) => url.pathname === '/histories/x.json',
    (route) => route.fulfill({ body: JSON.stringify(HISTORIES['openai-chat']), contentType: 'application/json' }),
  );
  // Armed once the document is parsed: its own head comes before.
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => void ((window as unknown as { __xssArmed: boolean }).__xssArmed = true)));
  await page.goto(`/?src=${encodeURIComponent(`/histories/x.json?<script>window.__xssHit('src')</script>`)}#c=<img src=x onerror=window.__xssHit('hash')>`);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', '5');
  await page.goto(`/?src=${encodeURIComponent(`javascript:window.__xssHit('javascript-src')`)}`);
  await expect(page.getByTestId('import-error')).toBeVisible();
  // Without a link the page reopens the history kept from the last load (the ?src= one above); the paste replaces it.
  await page.goto('/');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('paste-input').fill(JSON.stringify(HISTORIES.anthropic));
  await page.getByTestId('paste-submit').click();
  await expectLoaded(page, 'paste', 4);
  await visitEveryMessage(page, 4);
  expect(seen).toEqual({ hits: [], injected: [], foreign: [] });
});

// ---------------------------------------------------------------------------------------------------------------
// Every share path (docs/SHARING.md) with the same payload histories: a link that carries the history, the single
// HTML file from file://, a short link through `msgscope serve`, Copy as Markdown, the postMessage hand-off, and the
// Share dialog itself. The file name travels with a share (the payload meta `name`: the source shown, the HTML file's
// <title>), so it is a payload too, one with `</title>` and quotes in it where a name can hold them.

const BIN = join(import.meta.dirname, '../bin/msgscope.js');
const dir = mkdtempSync(join(tmpdir(), 'msgscope-xss-'));
/** A file name can hold anything but `/`. */
const FILE_NAME_PAYLOAD = `<img src=x onerror=window.__xssHit('name')> "'&amp; <svg onload=window.__xssHit('svg-name')>`;
/** A name carried in a link or HTML file can hold anything: this one closes the <title> it is written into. */
const META_NAME_PAYLOAD = `</title><script>window.__xssHit('title')</script><img src=x onerror=window.__xssHit('meta')> "'&lt;/x>.json`;

interface PayloadFile {
  /** Test title. */
  label: string;
  path: string;
  name: string;
  text: string;
}

const FILES: PayloadFile[] = Object.entries(HISTORIES).flatMap(([format, history]) =>
  [false, true]
    .filter((jsonLines) => !jsonLines || Array.isArray(history))
    .map((jsonLines) => {
      const name = `${format} ${FILE_NAME_PAYLOAD}.${jsonLines ? 'jsonl' : 'json'}`;
      const text = jsonLines ? (history as unknown[]).map((m) => JSON.stringify(m)).join('\n') : JSON.stringify(history);
      const path = join(dir, name);
      writeFileSync(path, text);
      return { label: `${format}${jsonLines ? ' (JSON Lines)' : ''}`, path, name, text };
    }),
);

/** A payload history with a possible secret beside the payloads, so that every share path stops at its secrets step first. */
const SECRET_HISTORY = ((): PayloadFile => {
  const token = fakeSecrets()['github-token'];
  const history = {
    model: ALL,
    messages: [
      { role: 'system', content: ALL },
      { role: 'user', content: `${ALL} deploy with ${token} ${ALL}` },
    ],
  };
  const name = `secret ${FILE_NAME_PAYLOAD}.json`;
  const path = join(dir, name);
  const text = JSON.stringify(history);
  writeFileSync(path, text);
  return { label: 'with a secret', path, name, text };
})();

const msgscope = (...args: string[]): string => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: 'pipe' });

/** Armed as soon as the document is parsed, for pages whose history comes with the address: it shows before the test could arm. */
async function armAtStart(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => void ((window as unknown as { __xssArmed: boolean }).__xssArmed = true)),
  );
}

/** A fresh browser context watched from its first page on, the page armed once parsed. */
async function freshWatched(browser: Browser, own?: (url: URL) => boolean): Promise<{ context: BrowserContext; page: Page; seen: Watch }> {
  const context = await browser.newContext();
  const seen = await watch(context, own);
  await armAtStart(context);
  return { context, page: await context.newPage(), seen };
}

/** The timeline ready on `name`, its message count, and every message, tab and table visited. */
async function visitShared(page: Page, name: string): Promise<void> {
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  // The name shows as written, as text.
  await expect(timeline).toHaveAttribute('data-source', name);
  const count = Number(await timeline.getAttribute('data-message-count'));
  expect(count).toBeGreaterThan(0);
  // A share may open on a message further down (its saved view): the visit starts from the top.
  await page.getByTestId('jump-first').click();
  await visitEveryMessage(page, Math.min(count, 6));
}

const NONE: Watch = { hits: [], injected: [], foreign: [] };

/** Whatever the page would still do once it shows the history (a late chunk, an image's load) has had time to start. */
async function expectNothing(page: Page, seen: Watch): Promise<void> {
  await page.waitForTimeout(300);
  expect(seen).toEqual(NONE);
}

for (const file of FILES) {
  test(`${file.label}: a link carrying it (msgscope share), opened in a fresh browser, runs nothing`, async ({ browser, baseURL }) => {
    const link = msgscope('share', file.path, '--keep-secrets', '--base', `${baseURL}/`).trim();
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('h')).toMatch(/^1\.[\w-]+$/);
    const { context, page, seen } = await freshWatched(browser);
    await page.goto(link);
    await visitShared(page, file.name);
    await expectNothing(page, seen);
    await context.close();
  });

  test(`${file.label}: the single HTML file (msgscope convert --to html) from file://, offline, runs and requests nothing`, async ({ browser }) => {
    const html = join(dir, `${file.label.replace(/\W+/g, '-')}.html`);
    msgscope('convert', file.path, '--to', 'html', '-o', html);
    const self = pathToFileURL(html).href;
    // The file may load itself and the blob: URL its worker starts from; nothing else.
    const { context, page, seen } = await freshWatched(browser, (url) => url.href.split('#')[0] === self || url.protocol === 'blob:');
    await context.setOffline(true);
    await context.route(/^https?:/, (route) => route.abort());
    // A refusal by the file's Content Security Policy is a request tried.
    page.on('console', (line) => void (/content security policy/i.test(line.text()) && seen.foreign.push(line.text())));
    await page.goto(self);
    await expect(page).toHaveTitle(`${file.name} · msgscope`);
    await visitShared(page, file.name);
    await expectNothing(page, seen);
    await context.close();
  });

  test(`${file.label}: Copy as Markdown copies the escaped text, for the run and for each message`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const seen = await watch(page);
    await openApp(page);
    await arm(page);
    await page.getByTestId('file-input').setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-source', file.name);
    const copied: string[] = [];
    await page.getByTestId('export').click();
    await page.getByTestId('copy-markdown').click();
    await expect(page.getByTestId('markdown-notice')).toHaveAttribute('data-state', 'copied');
    copied.push(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied[0]).toContain('\\<script>window.\\_\\_xssHit');
    const count = Math.min(Number(await page.getByTestId('timeline').getAttribute('data-message-count')), 6);
    for (let i = 0; i < count; i++) {
      await message(page, i).click({ position: { x: 30, y: 10 } });
      await expect(page.getByTestId('detail')).toHaveAttribute('data-index', String(i));
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByTestId('copy-message-markdown').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
      copied.push(await page.evaluate(() => navigator.clipboard.readText()));
    }
    for (const markdown of copied) {
      // The payloads are in it, as escaped text (a message whose content is all in a code fence still has the file name).
      expect(markdown).toContain("\\<img src=x onerror=window.\\_\\_xssHit('name')>");
      expect(markdownProblems(markdown)).toEqual([]);
    }
    expect(seen).toEqual(NONE);
  });
}

test('the watch of a fresh context sees an execution, an injected element and a request to elsewhere (the control for the share paths)', async ({
  browser,
  baseURL,
}) => {
  const value = await encodeInlinePayload(Buffer.from(JSON.stringify(HISTORIES.anthropic)), { name: 'control.json' }, nodeRawDeflate);
  const { context, page, seen } = await freshWatched(browser);
  await context.route('https://evil.test/**', (route) => route.abort());
  await page.goto(`${baseURL}/#h=${value}`);
  await visitShared(page, 'control.json');
  await page.evaluate(() => {
    const planted = document.createElement('div');
    // A link to the evil host is counted unless it is one the page makes of Markdown (new tab, no opener, no referrer).
    planted.innerHTML = `<img src="https://evil.test/planted.png" onerror="window.__xssHit('planted')"><a href="https://evil.test/bare">bare</a><a href="https://evil.test/tab" target="_blank" rel="noopener noreferrer">tab</a>`;
    document.body.append(planted);
    // The page's policy keeps the handler above from running; a payload that ran would call this.
    (window as unknown as { __xssHit: (what: string) => void }).__xssHit('planted');
  });
  await expect.poll(() => seen.hits).toEqual(['planted']);
  expect(seen.injected).toEqual([expect.stringMatching(/^<img /), '<a href="https://evil.test/bare">bare</a>']);
  expect(seen.foreign).toEqual(['https://evil.test/planted.png']);
  await context.close();
});

test('the checker of copied Markdown finds the payloads when they are not escaped (the control for the tests above)', () => {
  const problems = markdownProblems(`${ALL}\n\n<details><summary>x</summary>\n\n\`\`\`json\n</details><script>\n\`\`\`\n\n</details>\n</details>`);
  for (const tag of ['<script', '<img', '<svg', '<iframe', '<a href', '<body', '<link', '<style', '<object', '[x]', 'more </details>'])
    expect(problems.some((problem) => problem.includes(tag))).toBe(true);
  // What the app writes: escaped text, autolinks, code spans, fences and its own collapsed blocks.
  expect(
    markdownProblems('\\<img src=x> `<b>` <https://example.com/x> \\[x\\](y)\n\n<details><summary>a &lt;b&gt;</summary>\n\n````\n<script>\n````\n\n</details>'),
  ).toEqual([]);
});

test('a link whose carried file name closes <title>: shown as text, and Download as HTML writes it escaped into the file', async ({ browser, baseURL }) => {
  const value = await encodeInlinePayload(Buffer.from(JSON.stringify(HISTORIES['openai-chat'])), { name: META_NAME_PAYLOAD }, nodeRawDeflate);
  const sender = await freshWatched(browser);
  await sender.page.goto(`${baseURL}/#h=${value}&m=2`);
  await visitShared(sender.page, META_NAME_PAYLOAD);
  await sender.page.getByTestId('share').click();
  const download = sender.page.waitForEvent('download');
  await sender.page.locator('[data-testid=share-action][data-action=html]').click();
  await expect(sender.page.getByTestId('share-dialog')).toHaveAttribute('data-step', 'html');
  await expect(sender.page.getByTestId('share-html-saved')).toContainText(`${META_NAME_PAYLOAD.split('/').pop()}.html`);
  const html = join(dir, 'from-the-page.html');
  await (await download).saveAs(html);
  await expectNothing(sender.page, sender.seen);
  await sender.context.close();

  const self = pathToFileURL(html).href;
  const recipient = await freshWatched(browser, (url) => url.href.split('#')[0] === self || url.protocol === 'blob:');
  await recipient.context.setOffline(true);
  await recipient.page.goto(self);
  await expect(recipient.page).toHaveTitle(`${META_NAME_PAYLOAD} · msgscope`);
  await visitShared(recipient.page, META_NAME_PAYLOAD);
  await expectNothing(recipient.page, recipient.seen);
  await recipient.context.close();
});

test('the Share dialog with a payload history: its secrets step, its link step and its HTML step run nothing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seen = await watch(page);
  await openApp(page);
  await arm(page);
  await page.getByTestId('file-input').setInputFiles(SECRET_HISTORY.path);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-source', SECRET_HISTORY.name);
  const dialog = page.getByTestId('share-dialog');
  for (const [action, done] of [
    ['link', 'link'],
    ['html', 'html'],
  ] as const) {
    await page.getByTestId('share').click();
    const download = action === 'html' ? page.waitForEvent('download') : undefined;
    await page.locator(`[data-testid=share-action][data-action=${action}]`).click();
    await expect(dialog).toHaveAttribute('data-step', 'secrets');
    await expect(page.getByTestId('secret-hit')).toHaveCount(1);
    await page.getByTestId('share-keep-secrets').click();
    await expect(dialog).toHaveAttribute('data-step', done);
    await expect(page.getByTestId('share-redaction')).toHaveAttribute('data-redacted', 'false');
    if (download) await expect(page.getByTestId('share-html-saved')).toHaveAttribute('data-file-name', `${SECRET_HISTORY.name}.html`);
    await download;
    await page.getByTestId('share-close').click();
    await expect(dialog).toHaveCount(0);
  }
  await expectNothing(page, seen);
});

test('a short link through msgscope serve: made from a payload history, opened in a fresh browser, runs nothing', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const server = await startServe(BIN, [], 'msgscope-xss-shares-');
  try {
    const seen = await watch(page);
    await openApp(page, server.url);
    await expectSample(page);
    await arm(page);
    await page.getByTestId('file-input').setInputFiles(SECRET_HISTORY.path);
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-source', SECRET_HISTORY.name);
    await message(page, 1).click({ position: { x: 30, y: 10 } });
    await page.getByTestId('share').click();
    await page.locator('[data-testid=share-action][data-action=short]').click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog).toHaveAttribute('data-step', 'secrets');
    await page.getByTestId('share-keep-secrets').click();
    await expect(dialog).toHaveAttribute('data-step', 'short-options');
    await page.getByTestId('share-create').click();
    await expect(dialog).toHaveAttribute('data-step', 'short-confirm');
    await page.getByTestId('share-confirm').click();
    await expect(dialog).toHaveAttribute('data-step', 'short-done');
    const link = await page.getByTestId('share-link').inputValue();
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('s')).toMatch(/^[\w-]+\.[\w-]{43}$/);
    await expectNothing(page, seen);

    const recipient = await freshWatched(browser);
    await recipient.page.goto(link);
    await visitShared(recipient.page, SECRET_HISTORY.name);
    await expectNothing(recipient.page, recipient.seen);
    await recipient.context.close();
  } finally {
    await stopServe(server);
  }
});

test('the postMessage hand-off of a payload history with a payload title, from another origin: the prompt and the history run nothing', async ({
  page,
  context,
  baseURL,
}) => {
  const OTHER = 'http://opener.test';
  // The opener's own page is the one request to elsewhere, and it is the test's.
  const seen = await watch(context, (url) => servedHere(url) || url.href === `${OTHER}/notebook.html`);
  await armAtStart(context);
  const opener = openerPage(`${baseURL}/`, { text: JSON.stringify(HISTORIES.anthropic), title: META_NAME_PAYLOAD, select: 1, as: 'text' });
  const app = await openFrom(context, page, `${OTHER}/notebook.html`, opener);
  const dialog = app.getByTestId('handoff-dialog');
  await expect(dialog).toContainText(`It sends ${META_NAME_PAYLOAD} (`);
  await app.getByTestId('handoff-trust').click();
  await expect(dialog).toHaveCount(0);
  await expect(message(app, 1)).toHaveAttribute('data-selected', 'true');
  await visitShared(app, META_NAME_PAYLOAD);
  await expectNothing(app, seen);
});

/**
 * What in `markdown` a GitHub-flavoured Markdown renderer would make into HTML or a link of the text's own: outside
 * code fences and code spans, a `<` not escaped that is neither an autolink (`<https://…>`, a link to click, not a
 * fetch) nor one of the app's own `<details><summary>…</summary>` / `</details>` lines, a `[` not escaped (a link
 * or image), and `<details>` blocks that do not balance. A backslash escapes the character after it (CommonMark
 * 0.31.2, "Backslash escapes"); in code it is literal ("Code spans", "Fenced code blocks").
 */
function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let open = 0;
  for (const [n, line] of markdown.split('\n').entries()) {
    const run = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (run && run[0] === fence.char && run.length >= fence.length && line.trim() === run) fence = undefined;
      continue;
    }
    if (run) {
      fence = { char: run[0] ?? '`', length: run.length };
      continue;
    }
    if (/^<details><summary>[^<]*<\/summary>$/.test(line)) {
      open += 1;
      continue;
    }
    if (line === '</details>') {
      if (--open < 0) problems.push(`line ${n + 1}: one more </details> than opened`);
      continue;
    }
    const text = withoutCodeSpans(line);
    for (let i = 0; i < text.length; i++) {
      const character = text[i];
      if ((character !== '<' && character !== '[') || escaped(text, i)) continue;
      if (character === '<' && /^<https?:\/\/[^\s<>]*>/.test(text.slice(i))) continue;
      problems.push(`line ${n + 1}: ${text.slice(i, i + 40)}`);
    }
  }
  if (fence) problems.push('a code fence left open');
  if (open !== 0) problems.push(`${open} <details> left open`);
  return problems;
}

const escaped = (text: string, at: number): boolean => {
  let backslashes = 0;
  while (at - backslashes - 1 >= 0 && text[at - backslashes - 1] === '\\') backslashes += 1;
  return backslashes % 2 === 1;
};

/** `line` with each code span blanked out: a run of n unescaped backticks up to the next run of exactly n. */
function withoutCodeSpans(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`' || escaped(line, i)) {
      out += line[i];
      i += 1;
      continue;
    }
    const ticks = /^`+/.exec(line.slice(i))?.[0] ?? '`';
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`, 'g');
    close.lastIndex = i + ticks.length;
    const end = close.exec(line);
    if (!end) {
      out += ticks;
      i += ticks.length;
      continue;
    }
    out += ' '.repeat(end.index + ticks.length - i);
    i = end.index + ticks.length;
  }
  return out;
}

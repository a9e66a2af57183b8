import { expect, test, type Page } from '@playwright/test';
import { expectLoaded, message, openApp } from './helpers';

// Histories are untrusted: user text, tool output, web pages a tool fetched. Payloads from the OWASP XSS
// filter evasion cheat sheet go into every field of histories in several formats, into file names and into
// `?src=` values; the page must run none of them, add no active element and request nothing it was not asked to.
const PAYLOADS = [
  `<script>window.__xssHit('script')</script>`,
  `<img src=x onerror="window.__xssHit('img')">`,
  `<svg/onload=window.__xssHit('svg')>`,
  `"><iframe src="javascript:window.__xssHit('iframe')"></iframe>`,
  `<a href="javascript:window.__xssHit('a')">click</a>`,
  `javascript:window.__xssHit('url')`,
  `<body onload=window.__xssHit('body')>`,
  `<img src="https://evil.test/pixel.png">`,
  `<link rel=stylesheet href="https://evil.test/x.css">`,
  `<style>@import 'https://evil.test/i.css';</style>`,
  `![x](https://evil.test/md.png)`,
  `{{constructor.constructor('window.__xssHit("template")')()}}`,
  `<object data="javascript:window.__xssHit('object')"></object>`,
];
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
};

/** Input no reader takes: the error banner quotes it. */
const UNREADABLE = [{ [ALL]: ALL }, 7, ALL];

interface Watch {
  hits: string[];
  injected: string[];
  foreign: string[];
}

/** Counts executions (the payloads call __xssHit), active elements added to the page and requests to other origins. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { hits: [], injected: [], foreign: [] };
  await page.exposeFunction('__xssReport', (kind: 'hits' | 'injected', what: string) => void seen[kind].push(what));
  await page.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (kind: string, what: string) => void }).__xssReport;
    (window as unknown as { __xssHit: (what: string) => void }).__xssHit = (what) => report('hits', what);
    // Elements that run or fetch something; the app draws none of them once it is up (its connectors are SVG,
    // which is not listed: any payload attribute on an element, SVG included, is caught below).
    const ACTIVE = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'IMG', 'LINK', 'STYLE', 'BASE', 'META', 'FRAME', 'VIDEO', 'AUDIO']);
    // Text in data-*, title or aria attributes is inert; a handler, or a URL attribute that runs or fetches, is not.
    const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']);
    const payload = (a: Attr) => a.name.startsWith('on') || (URL_ATTRIBUTES.has(a.name) && /javascript:|__xssHit|evil\.test/i.test(a.value));
    new MutationObserver((records) => {
      // Armed once the app is up: its own module scripts and stylesheet come first.
      if (!(window as unknown as { __xssArmed?: boolean }).__xssArmed) return;
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll('*')]) {
            // The app's own chunks, preloaded as it goes.
            if (/^\/assets\//.test(el.getAttribute('href') ?? el.getAttribute('src') ?? '')) continue;
            if (ACTIVE.has(el.tagName.toUpperCase()) || [...el.attributes].some(payload)) report('injected', el.outerHTML.slice(0, 120));
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:') seen.foreign.push(request.url());
  });
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
  await openApp(page);
  await page.getByTestId('paste-input').fill(JSON.stringify(HISTORIES.anthropic));
  await page.getByTestId('paste-submit').click();
  await expectLoaded(page, 'paste', 4);
  await visitEveryMessage(page, 4);
  expect(seen).toEqual({ hits: [], injected: [], foreign: [] });
});

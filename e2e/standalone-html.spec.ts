import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp } from './helpers';

// The single HTML file (docs/SHARING.md, "One HTML file"): made by `msgscope convert --to html`, opened from
// file:// in a browser context that is offline, with every request seen and every http(s) one blocked.
//
// What proves "no request at all": Playwright reports every request the page and its workers start, file:// and
// blob: ones included (the control test below shows that it sees one from a file:// page and from a worker started
// from a blob:, offline). The file may load only itself and the blob: URL its import worker starts from (made in
// memory from the file's own script); anything else is counted, and so is every Content Security Policy refusal,
// which would mean the page tried a request the policy stopped before it was made.

const BIN = join(import.meta.dirname, '../bin/msgscope.js');
const dir = mkdtempSync(join(tmpdir(), 'msgscope-html-'));

function convertToHtml(fixture: string, extra: string[] = []): string {
  const out = join(dir, `${basename(fixture)}${extra.join('')}.html`);
  execFileSync(process.execPath, [BIN, 'convert', fixturePath(fixture), '--to', 'html', '-o', out, ...extra], { stdio: 'pipe' });
  return out;
}

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Requests for anything but the file itself and the blob: URLs made from it. */
  outside: string[];
  blobs: string[];
  /** Console lines about the Content Security Policy, and uncaught errors. */
  problems: string[];
}

async function openOffline(browser: Browser, file: string, hash = ''): Promise<Watched> {
  const context = await browser.newContext();
  await context.setOffline(true);
  const outside: string[] = [];
  const blobs: string[] = [];
  const problems: string[] = [];
  // file:// requests cannot be routed; http(s) ones are, and none may go out even if one is tried.
  await context.route(/^https?:/, (route) => route.abort());
  const self = pathToFileURL(file).href;
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('blob:')) blobs.push(url);
    else if (url.split('#')[0] !== self) outside.push(url);
  });
  const page = await context.newPage();
  page.on('console', (line) => {
    if (/content security policy/i.test(line.text())) problems.push(line.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(self + hash);
  return { context, page, outside, blobs, problems };
}

/** What the findings panel lists, one line a finding, in order. */
async function findingsOf(page: Page): Promise<string[]> {
  return page.locator('[data-testid=finding]').evaluateAll((items) =>
    items.map((item) =>
      ['rule', 'severity', 'toolCallId', 'messageIndex']
        .map((key) => (item as HTMLElement).dataset[key] ?? '')
        .concat(item.querySelector('.finding-text')?.textContent ?? '')
        .join(' | '),
    ),
  );
}

/** The history as the ordinary app shows it, opened with *Open file…*. */
async function inTheApp(page: Page, fixture: string): Promise<{ count: string; findings: string[] }> {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(fixturePath(fixture));
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-source', basename(fixture));
  return { count: (await timeline.getAttribute('data-message-count')) ?? '', findings: await findingsOf(page) };
}

async function expectNoRequest(watched: Watched): Promise<void> {
  // Whatever the page would still do once it shows the history (a late chunk, a font) has had time to start.
  await watched.page.waitForTimeout(300);
  expect(watched.outside).toEqual([]);
  expect(watched.problems).toEqual([]);
  // One worker a load, started from the script's own text.
  expect(watched.blobs.length).toBeLessThanOrEqual(1);
}

test('the request counting sees what a file:// page and its blob: worker ask for, offline (the control for the tests below)', async ({ browser }) => {
  const control = join(dir, 'control.html');
  writeFileSync(
    control,
    `<!doctype html><img src="http://127.0.0.1:9/from-page.png"><script>
      const worker = new Worker(URL.createObjectURL(new Blob(["fetch('http://127.0.0.1:9/from-worker').catch(() => {})"])));
    </script>`,
  );
  const watched = await openOffline(browser, control);
  await expect.poll(() => watched.outside.length).toBe(2);
  expect(watched.outside.sort()).toEqual(['http://127.0.0.1:9/from-page.png', 'http://127.0.0.1:9/from-worker']);
  await watched.context.close();
});

const FIXTURES = [
  // LangChain, errors and a retried tool.
  'tool-error-retry.langchain.json',
  // OpenAI Chat, results out of place and an orphan: error findings.
  'weather-orphan.openai.json',
  // JSON Lines.
  'history.jsonl',
  // A Python repr (a text format, no JSON).
  'redis-logs.python.txt',
  // An Inspect .eval log: a zip, carried as its bytes.
  'real/inspect-ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval',
];

for (const fixture of FIXTURES) {
  test(`${fixture} as one HTML file: from file://, offline, no request, the app's messages and findings`, async ({ page, browser }) => {
    const expected = await inTheApp(page, fixture);
    const file = convertToHtml(fixture);
    const watched = await openOffline(browser, file);
    await expectLoaded(watched.page, basename(fixture), Number(expected.count));
    expect(await findingsOf(watched.page)).toEqual(expected.findings);
    await expect(watched.page).toHaveTitle(`${basename(fixture)} · msgscope`);
    await expectNoRequest(watched);
    await watched.context.close();
  });
}

test('--conversation N opens the file on that conversation', async ({ browser }) => {
  const file = convertToHtml('formats/inspect/three-samples.json', ['--conversation', '2']);
  const watched = await openOffline(browser, file);
  await expectLoaded(watched.page, 'three-samples.json', 4);
  await expect(watched.page.getByTestId('conversations')).toHaveAttribute('data-open', '1');
  await expect(watched.page.locator('[data-testid=finding][data-rule=orphan-tool-result]')).toHaveCount(1);
  expect(new URL(watched.page.url()).hash).toBe('#c=2');
  await expectNoRequest(watched);
  await watched.context.close();
});

test('the view saved in the file selects its message; #m=N in the address wins over it', async ({ browser }) => {
  const made = readFileSync(convertToHtml('tool-error-retry.langchain.json'), 'utf8');
  // What *Download as HTML* writes for a selected message (the CLI saves none): the view block filled.
  const empty = '<script type="application/octet-stream" id="msgscope-view"></script>';
  expect(made.split(empty)).toHaveLength(2);
  const file = join(dir, 'with-view.html');
  writeFileSync(file, made.replace(empty, empty.replace('></', '>m=3&tab=providers</')));

  const saved = await openOffline(browser, file);
  await expectLoaded(saved.page, 'tool-error-retry.langchain.json', 7);
  await expect(message(saved.page, 3)).toHaveAttribute('data-selected', 'true');
  await expect(saved.page.getByTestId('detail')).toHaveAttribute('data-index', '3');
  expect(new URL(saved.page.url()).hash).toContain('m=3');
  await expectNoRequest(saved);
  await saved.context.close();

  const linked = await openOffline(browser, file, '#m=5');
  await expectLoaded(linked.page, 'tool-error-retry.langchain.json', 7);
  await expect(message(linked.page, 5)).toHaveAttribute('data-selected', 'true');
  await expect(linked.page.getByTestId('detail')).toHaveAttribute('data-index', '5');
  await expectNoRequest(linked);
  await linked.context.close();
});

test('Download as HTML from the HTML file itself: the page rebuilds its template from its own script, offline', async ({ browser }) => {
  // Message 2 selected, by the address: the file saves the view on screen.
  const first = await openOffline(browser, convertToHtml('weather-orphan.openai.json'), '#m=2');
  await expectLoaded(first.page, 'weather-orphan.openai.json', 7);
  await expect(message(first.page, 2)).toHaveAttribute('data-selected', 'true');
  const findings = await findingsOf(first.page);
  await first.page.getByTestId('share').click();
  const download = first.page.waitForEvent('download');
  await first.page.getByTestId('share-action').filter({ hasText: 'Download as HTML' }).click();
  const saved = join(dir, 'again.html');
  await (await download).saveAs(saved);
  await expectNoRequest(first);
  await first.context.close();

  // The same template: the file made in the page differs from the CLI's only in what it carries.
  const template = (html: string): string => html.replace(/(id="msgscope-(?:history|view)">)[^<]*/g, '$1');
  expect(template(readFileSync(saved, 'utf8'))).toBe(template(readFileSync(join(dir, 'weather-orphan.openai.json.html'), 'utf8')));
  const second = await openOffline(browser, saved);
  await expectLoaded(second.page, 'weather-orphan.openai.json', 7);
  expect(await findingsOf(second.page)).toEqual(findings);
  await expect(message(second.page, 2)).toHaveAttribute('data-selected', 'true');
  await expectNoRequest(second);
  await second.context.close();
});

import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { SAMPLES } from '../src/ui/load/samples';
import { expectLoaded, fixtureText, openApp, openRedisSample, pasteIntoBox, SAMPLE } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** Every response of 400 or more, failed request and console error the page has had: a first run has none. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed ${request.url()}: ${request.failure()?.errorText ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** The rule ids of the findings the panel lists, in its order. */
const findingRules = (page: Page): Promise<(string | null)[]> =>
  page.locator('[data-testid=finding]').evaluateAll((items) => items.map((item) => item.getAttribute('data-rule')));

async function openSampleFromMenu(page: Page, file: string): Promise<void> {
  await page.getByTestId('samples').click();
  await expect(page.getByTestId('samples-menu')).toBeVisible();
  await page.locator(`[data-testid=sample-item][data-file="${file}"]`).click();
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-source', `samples/${file}`);
}

test('a first visit opens the default sample: its findings, a provider that rejects it, the file named, no 404', async ({ page }) => {
  const problems = watchProblems(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await openApp(page);
  expect(SAMPLE.file).toBe(SAMPLES[0].file);

  await expect.poll(() => findingRules(page)).toEqual(SAMPLES[0].findings);
  await expect(page.locator('[data-testid=finding][data-severity=error]')).toHaveCount(1);
  await expect(page.getByTestId('source-name')).toHaveText(SAMPLE.file);
  await expect(page).toHaveTitle(`${SAMPLE.file} · msgscope`);
  await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
  await expect(page.locator('[data-testid=verdict][data-target=openai-chat]')).toHaveAttribute('data-accepted', 'false');
  await expect(page.locator('[data-testid=verdict][data-target=openai-chat]')).toContainText('did not have response messages');
  // The usage the sample reports, so the Tokens view and the cost have something to show.
  await expect(page.getByTestId('token-total')).toHaveAttribute('data-total', '2330');

  // A favicon, inline (the page takes images from data: URLs only): the browser asks for no /favicon.ico.
  await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  // It is a picture the page may show: decoded under the page's own policy.
  const iconWidth = await page.evaluate(async () => {
    const image = new Image();
    image.src = document.querySelector('link[rel=icon]')?.getAttribute('href') ?? '';
    await image.decode();
    return image.naturalWidth;
  });
  expect(iconWidth).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  expect(requested.filter((path) => path.includes('favicon'))).toEqual([]);
  expect(problems).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/first-run-default-sample.png` });
});

test('Samples opens each sample with exactly the findings it names, and the header and tab name its file', async ({ page }) => {
  const problems = watchProblems(page);
  await openApp(page);
  await page.getByTestId('samples').click();
  await expect(page.getByTestId('sample-item')).toHaveCount(SAMPLES.length);
  await expect(page.locator(`[data-testid=sample-item][data-file="${SAMPLE.file}"]`)).toHaveAttribute('data-current', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/first-run-samples-menu.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('samples-menu')).toHaveCount(0);

  for (const sample of [...SAMPLES.slice(1), SAMPLES[0]]) {
    await openSampleFromMenu(page, sample.file);
    await expect.poll(() => findingRules(page), { message: sample.file }).toEqual(sample.findings);
    await expect(page.getByTestId('source-name')).toHaveText(sample.file);
    await expect(page).toHaveTitle(`${sample.file} · msgscope`);
    const format = page.getByTestId('format');
    await expect(format).toContainText(sample.format.replace(/ request$/, ''));
    await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
    const rejected = await page
      .locator('[data-testid=verdict][data-accepted=false]')
      .evaluateAll((verdicts) => verdicts.map((verdict) => verdict.getAttribute('data-target')));
    expect(rejected, sample.file).toEqual(sample.rejectedBy);
    await page.locator('[data-testid=side-tab][data-tab=findings]').click();
  }
  expect(problems).toEqual([]);
});

test('a file msgscope open serves, a link and a dropped file are named by their file name, not their path', async ({ page }) => {
  const text = fixtureText('weather-orphan.openai.json');
  // Where `msgscope open FILE` serves FILE (src/cli/serve.ts historyPath); the preview server has no such path.
  await page.route(
    (url) => url.pathname === '/__msgscope/history/agent-run.json',
    (route) => route.fulfill({ contentType: 'application/json', body: text }),
  );
  await page.goto('/?src=/__msgscope/history/agent-run.json');
  await expectLoaded(page, '/__msgscope/history/agent-run.json', 7);
  await expect(page.getByTestId('source-name')).toHaveText('agent-run.json');
  await expect(page.getByTestId('source-name')).toHaveAttribute('title', '/__msgscope/history/agent-run.json');
  await expect(page).toHaveTitle('agent-run.json · msgscope');

  await pasteIntoBox(page, text);
  await expectLoaded(page, 'paste', 7);
  await expect(page.getByTestId('source-name')).toHaveText('Pasted text');
  await expect(page).toHaveTitle('Pasted text · msgscope');

  await page.getByTestId('file-input').setInputFiles({ name: 'run #2.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expectLoaded(page, 'run #2.json', 7);
  await expect(page).toHaveTitle('run #2.json · msgscope');
});

/** Whether fontconfig knows a font for `lang` (Chromium on Linux falls back through it): `fc-list :lang=zh`. */
function systemHasFont(lang: string): boolean {
  try {
    return execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/**
 * Draws `text` and a code point no font has (U+0378, unassigned) in `font`: a missing glyph is drawn as the font's
 * .notdef box, the same for every missing character, so equal pixels mean `text` showed as boxes.
 */
function rendersGlyphs(page: Page, font: string, text: string): Promise<{ width: number; tofu: boolean }> {
  return page.evaluate(
    ([font, text]) => {
      const draw = (s: string): string => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 40;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.font = font;
        context.fillText(s, 4, 30);
        return canvas.toDataURL();
      };
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.font = font;
      return { width: context.measureText(text).width, tofu: draw(text) === draw('\u0378') };
    },
    [font, text] as const,
  );
}

test('text in any language renders from the system fonts: the stack names CJK and emoji fonts, and their glyphs show', async ({ page }) => {
  await openRedisSample(page);
  const card = page.locator('[data-testid=message][data-index="1"] .card-text').first();
  await expect(card).toContainText('Redis');
  const family = await card.evaluate((element) => getComputedStyle(element).fontFamily);
  for (const font of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'])
    expect(family).toContain(font);
  const mono = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mono'));
  expect(mono).toContain('Noto Sans CJK SC');
  // No webfont: the page fetches no font file.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\.(?:woff2?|ttf|otf)(?:\?|$)/.test(entry.name)).length)).toBe(0);

  const font = `16px ${family}`;
  const cjk = await rendersGlyphs(page, font, '群聊');
  expect(cjk.width).toBeGreaterThan(0);
  // Where the system has a CJK (emoji) font, the stack reaches it: real glyphs, not boxes. A system without one
  // shows boxes whatever the page asks for (docs/page-hooks.md, "Fonts", says what to install).
  if (systemHasFont('zh')) expect(cjk.tofu, 'CJK text drawn as boxes').toBe(false);
  else test.info().annotations.push({ type: 'note', description: 'no CJK font installed (fc-list :lang=zh): glyphs not compared' });
  if (systemHasFont('und-zsye')) expect((await rendersGlyphs(page, font, '🙂')).tofu, 'emoji drawn as a box').toBe(false);
});

/** Drops a file on the page as a person would: a drop event whose data carries it. */
async function dropFile(page: Page, name: string, type: string, bytes: number[]): Promise<void> {
  await page.getByTestId('app').evaluate(
    (app, { name, type, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type }));
      for (const kind of ['dragenter', 'dragover', 'drop']) app.dispatchEvent(new DragEvent(kind, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, type, bytes },
  );
}

test('what is no history gets one line saying what it is; the formats are behind Which formats can I open?', async ({ page }) => {
  await openApp(page);
  const error = page.getByTestId('import-error');
  const line = error.locator('p').first();
  const help = error.getByTestId('formats-help');

  await pasteIntoBox(page, '{}');
  await expect(line).toHaveText('This is an empty JSON object ({}), not a message history.');
  await expect(error).toContainText('Could not open the pasted text');
  await expect(help).not.toHaveAttribute('open');
  await expect(error.getByTestId('formats-help-list')).toHaveCount(0);
  // One line, not a wall: the whole banner, the disclosure closed, is a few lines of text.
  expect((await error.innerText()).length).toBeLessThan(300);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/first-run-not-a-history.png` });

  await help.locator('summary').click();
  const list = error.getByTestId('formats-help-list');
  await expect(list).toBeVisible();
  expect(await list.locator('li').count()).toBeGreaterThanOrEqual(40);
  await expect(list.locator('li[data-format=langchain-stored]')).toContainText('LangChain stored messages');
  await expect(list.locator('li[data-format=anthropic]')).toContainText('tool_use');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/first-run-formats-list.png` });

  await pasteIntoBox(page, '[]');
  await expect(line).toHaveText('This is an empty JSON list ([]): there are no messages in it.');
  await pasteIntoBox(page, '{"id": "list_1", "object": "list", "data": [{"id": "file-abc"}]}');
  await expect(line).toHaveText('JSON with keys id, object, data — not a message history msgscope knows.');

  await dropFile(page, 'screenshot.png', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  await expect(error).toContainText('Could not open screenshot.png');
  await expect(line).toContainText('This is a PNG image, not a message history');
  await expect(help).toBeVisible();
  await dropFile(page, 'empty.json', 'application/json', [...Buffer.from('{}')]);
  await expect(error).toContainText('Could not open empty.json');
  await expect(line).toHaveText('This is an empty JSON object ({}), not a message history.');
  await dropFile(page, 'login.html', 'text/html', [...Buffer.from('<!doctype html>\n<html><body>Sign in</body></html>')]);
  await expect(line).toHaveText('This is an HTML page, not a message history.');
  await dropFile(page, 'report.pdf', 'application/pdf', [...Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')]);
  await expect(error).toContainText('Could not open report.pdf');
  await expect(line).toHaveText(
    'This is a PDF document, not a message history: msgscope reads JSON, JSON Lines, SSE captures, Python repr and pretty_print text, and zip archives of them (Inspect .eval logs).',
  );
  // A real zip archive (made with fflate) that holds no data file msgscope reads: it names what it holds.
  const zip = zipSync({ 'photo.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'slides/deck.pdf': strToU8('%PDF-1.7\n') });
  await dropFile(page, 'attachments.zip', 'application/zip', [...zip]);
  await expect(error).toContainText('Could not open attachments.zip');
  await expect(line).toHaveText('A zip archive of 2 files (photo.jpg, slides/deck.pdf), none of them a message history msgscope reads.');
  await dropFile(page, 'empty-list.json', 'application/json', [...Buffer.from('[]')]);
  await expect(error).toContainText('Could not open empty-list.json');
  await expect(line).toHaveText('This is an empty JSON list ([]): there are no messages in it.');

  // A JSON syntax error still says where.
  await pasteIntoBox(page, '[\n  {"role": "user" "content": "hi"}\n]');
  await expect(error).toHaveAttribute('data-line', '2');
  await expect(error).toHaveAttribute('data-column', '19');

  // Through all of it the sample stayed on screen.
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-message-count', String(SAMPLE.count));
});

test('a single message object opens as a history of one', async ({ page }) => {
  await openApp(page);
  await pasteIntoBox(page, '{"role": "user", "content": "Where is my order NW-48213?"}');
  await expectLoaded(page, 'paste', 1);
  await expect(page.getByTestId('notes')).toContainText('The input is one message: read as a history of one.');
  await expect(page.locator('[data-testid=message][data-index="0"]')).toContainText('Where is my order NW-48213?');
  await expect(page.getByTestId('import-error')).toHaveCount(0);
});

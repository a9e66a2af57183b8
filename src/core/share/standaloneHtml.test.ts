import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  APP_SCRIPT_ID,
  fillStandaloneTemplate,
  HISTORY_ELEMENT_ID,
  inlineScriptText,
  standaloneTemplate,
  standaloneView,
  STYLE_ELEMENT_ID,
  VIEW_ELEMENT_ID,
} from './standaloneHtml';

const sha256 = (text: string): Promise<string> => Promise.resolve(createHash('sha256').update(text, 'utf8').digest('base64'));

// A script that names the slots itself, as the app's does (this module is part of it): only the real ones may be filled.
const SCRIPT = [
  'const title = "<title>msgscope</title>";',
  'const slot = \'<script type="application/octet-stream" id="msgscope-history"></script>\';',
  'const comment = "<!-- not a comment -->"; const end = `</SCRIPT >`; const re = /<\\/script/i;',
  'document.title = title;',
].join('\n');
const STYLE = ':root { --bg: #fff; } body::before { content: "<b>"; }';
const PAYLOAD = '1.AbC-_09';

const template = (): Promise<string> => standaloneTemplate({ script: SCRIPT, style: STYLE }, sha256);

function filled(html: string | { error: string }): string {
  if (typeof html !== 'string') throw new Error(html.error);
  return html;
}

function parse(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** The text between an element's start tag, found by its id, and the next `</script` or `</title`: where the HTML parser ends it. */
function rawContent(html: string, start: string, end: RegExp): string {
  const from = html.indexOf(start) + start.length;
  const rest = html.slice(from);
  return rest.slice(0, rest.search(end));
}

describe('inlineScriptText', () => {
  it('leaves no "</script" or "<!--" in any case, and the code means the same', () => {
    const escaped = inlineScriptText(SCRIPT);
    expect(escaped).not.toMatch(/<\/script|<!--/i);
    const values = (code: string): unknown => runInNewContext(`${code};\n[title, slot, comment, end, re.source]`, { document: {} });
    expect(values(escaped)).toEqual(values(SCRIPT));
  });

  it('does nothing the second time, so a page can rebuild its template from its own script', () => {
    const once = inlineScriptText(SCRIPT);
    expect(inlineScriptText(once)).toBe(once);
  });
});

describe('standaloneTemplate', () => {
  it('allows exactly its own script and stylesheet, no request and workers from blob: only', async () => {
    const html = await template();
    const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const script = rawContent(html, `<script type="module" id="${APP_SCRIPT_ID}">`, /<\/script/i);
    const style = rawContent(html, `<style id="${STYLE_ELEMENT_ID}">`, /<\/style/i);
    expect(script).toBe(inlineScriptText(SCRIPT));
    expect(style).toBe(STYLE);
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      `script-src 'sha256-${await sha256(script)}'`,
      `style-src 'sha256-${await sha256(style)}'`,
      'img-src data:',
      'worker-src blob:',
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // Nothing to load: no src, href or url() outside the script.
    expect(html.replace(script, '')).not.toMatch(/\bsrc=|\bhref=|url\(/);
  });

  it('is the same bytes for the same parts', async () => {
    expect(await template()).toBe(await standaloneTemplate({ script: inlineScriptText(SCRIPT), style: STYLE }, sha256));
  });

  it('refuses a stylesheet that would end early', async () => {
    await expect(standaloneTemplate({ script: '', style: 'a::after { content: "</style>" }' }, sha256)).rejects.toThrow('</style');
  });
});

describe('fillStandaloneTemplate', () => {
  it('puts the payload, the view and the name in their slots, and nowhere else', async () => {
    const html = filled(fillStandaloneTemplate(await template(), { payload: PAYLOAD, view: '#m=3&tab=providers', name: 'run.json' }));
    const document = parse(html);
    expect(document.getElementById(HISTORY_ELEMENT_ID)?.textContent).toBe(PAYLOAD);
    expect(document.getElementById(VIEW_ELEMENT_ID)?.textContent).toBe('m=3&tab=providers');
    expect(document.title).toBe('run.json · msgscope');
    // The script is untouched: its own copies of the slots' text are not slots.
    expect(rawContent(html, `id="${APP_SCRIPT_ID}">`, /<\/script/i)).toBe(inlineScriptText(SCRIPT));
  });

  it('a file name cannot end the title or start an element: it is text', async () => {
    const name = '</title></script><script>alert(1)</script><!-- "\' & .json';
    const html = filled(fillStandaloneTemplate(await template(), { payload: PAYLOAD, name }));
    expect(rawContent(html, '<title>', /<\/title/i)).not.toMatch(/[<>"']/);
    expect(parse(html).title).toBe(`${name} · msgscope`);
    // As many scripts as in the template: history, view, app.
    expect(html.match(/<script/gi)).toHaveLength((await template()).match(/<script/gi)?.length ?? -1);
  });

  it('a view cannot end its element: every character that could is percent-encoded, and reads back the same', async () => {
    const search = '</script><script>alert(1)</script> "quoted" <!-- & ü 🙂';
    const view = new URLSearchParams({ m: '2', q: search }).toString().replace('%3C', '<').replace('%2F', '/');
    const html = filled(fillStandaloneTemplate(await template(), { payload: PAYLOAD, view }));
    const written = rawContent(html, `id="${VIEW_ELEMENT_ID}">`, /<\/script/i);
    expect(written).toMatch(/^[\w.~*%+=&-]*$/);
    expect(new URLSearchParams(written).get('q')).toBe(search);
    expect(new URLSearchParams(written).get('m')).toBe('2');
  });

  it('drops a history of the view own (`h=`, `s=`): the file carries its own', () => {
    expect(standaloneView('#h=1.abc&m=4&s=id.key&c=2')).toBe('m=4&c=2');
    expect(standaloneView('')).toBe('');
  });

  it('refuses a payload that is no inline payload, which could carry markup', async () => {
    const fill = fillStandaloneTemplate(await template(), { payload: '1.abc</script><script>alert(1)//' });
    expect(fill).toEqual({ error: expect.stringContaining('inline payload') });
  });

  it('refuses a text that is no template, a filled file among them', async () => {
    expect(fillStandaloneTemplate('<!doctype html><title>msgscope</title>', { payload: PAYLOAD })).toEqual({
      error: expect.stringContaining('not a msgscope HTML template'),
    });
    const once = filled(fillStandaloneTemplate(await template(), { payload: PAYLOAD }));
    expect(fillStandaloneTemplate(once, { payload: PAYLOAD })).toEqual({ error: expect.stringContaining('not a msgscope HTML template') });
  });
});

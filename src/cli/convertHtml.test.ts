import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeInlinePayload } from '../core/share/payload';
import { HISTORY_ELEMENT_ID, STANDALONE_TEMPLATE_FILE, standaloneTemplate, VIEW_ELEMENT_ID } from '../core/share/standaloneHtml';
import { run } from './run';
import { fakeIo } from './testing/io';

const fixture = (name: string): string => join(import.meta.dirname, '../../fixtures', name);
const sha256 = (text: string): Promise<string> => Promise.resolve(createHash('sha256').update(text, 'utf8').digest('base64'));

// A template as the build writes it, around a stand-in script: these tests are about what the CLI puts in it
// (e2e/standalone-html.spec.ts opens the real one in Chromium).
let appDir: string;
let out: string;
beforeAll(async () => {
  appDir = mkdtempSync(join(tmpdir(), 'msgscope-app-'));
  out = mkdtempSync(join(tmpdir(), 'msgscope-html-'));
  writeFileSync(join(appDir, STANDALONE_TEMPLATE_FILE), await standaloneTemplate({ script: 'void 0;', style: '' }, sha256));
});

const block = (html: string, id: string): string => new RegExp(`id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? '(none)';

async function decoded(html: string): Promise<{ bytes: Uint8Array; name?: string }> {
  const payload = await decodeInlinePayload(block(html, HISTORY_ELEMENT_ID));
  if ('error' in payload) throw new Error(payload.error);
  return { bytes: payload.bytes, ...(payload.meta.name !== undefined && { name: payload.meta.name }) };
}

describe('msgscope convert --to html', () => {
  it('writes the template with the input inside, byte for byte, named by its file name', async () => {
    const file = fixture('tool-error-retry.langchain.json');
    const target = join(out, 'retry.html');
    const io = fakeIo({ appDir });
    expect(await run(['convert', file, '--to', 'html', '-o', target], io)).toBe(0);
    expect(io.err).toBe('');
    const html = readFileSync(target, 'utf8');
    expect(html).toContain('<title>tool-error-retry.langchain.json · msgscope</title>');
    const { bytes, name } = await decoded(html);
    expect(Buffer.from(bytes).equals(readFileSync(file))).toBe(true);
    expect(name).toBe('tool-error-retry.langchain.json');
    expect(block(html, VIEW_ELEMENT_ID)).toBe('');
  });

  it('carries an archive as its bytes (the page opens the zip itself)', async () => {
    const file = fixture('real/inspect-ai/log_message_deduplication.eval');
    const io = fakeIo({ appDir });
    expect(await run(['convert', file, '--to', 'html'], io)).toBe(0);
    expect(Buffer.from((await decoded(io.out)).bytes).equals(readFileSync(file))).toBe(true);
  });

  it('reads stdin, and then names no file', async () => {
    const text = readFileSync(fixture('weather.anthropic.json'));
    const io = fakeIo({ appDir, stdin: new Uint8Array(text) });
    expect(await run(['convert', '-', '--to', 'html'], io)).toBe(0);
    const { bytes, name } = await decoded(io.out);
    expect(Buffer.from(bytes).equals(text)).toBe(true);
    expect(name).toBeUndefined();
    expect(io.out).toContain('<title>msgscope</title>');
  });

  it('--conversation N saves the view that opens it (by position or label)', async () => {
    const file = fixture('formats/inspect/three-samples.json');
    const byPosition = fakeIo({ appDir });
    expect(await run(['convert', file, '--to', 'html', '--conversation', '2'], byPosition)).toBe(0);
    expect(block(byPosition.out, VIEW_ELEMENT_ID)).toBe('c=2');
    const byLabel = fakeIo({ appDir });
    expect(await run(['convert', file, '--to', 'html', '--conversation', 'sample sub, epoch 1'], byLabel)).toBe(0);
    expect(block(byLabel.out, VIEW_ELEMENT_ID)).toBe('c=3');
    const none = fakeIo({ appDir });
    expect(await run(['convert', file, '--to', 'html', '--conversation', '9'], none)).toBe(2);
    expect(none.err).toContain('no conversation "9"; it holds 3');
  });

  it('refuses what the page could not open, as the other targets do', async () => {
    const io = fakeIo({ appDir });
    expect(await run(['convert', fixture('invalid.json'), '--to', 'html'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/invalid\.json:\d+:\d+/);
  });

  it('refuses --format, which the file cannot keep', async () => {
    const io = fakeIo({ appDir });
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'html', '--format', 'anthropic'], io)).toBe(2);
    expect(io.err).toContain('--format does not go into an HTML file');
  });

  it('says how to build the app when the template is missing', async () => {
    const io = fakeIo({ appDir: join(out, 'no-app') });
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'html'], io)).toBe(2);
    expect(io.err).toContain(`the single-file app is not built (no ${join(out, 'no-app', STANDALONE_TEMPLATE_FILE)}); run \`npm run build\``);
  });

  it('refuses a template of another build, rather than write a file that would not open', async () => {
    const other = mkdtempSync(join(tmpdir(), 'msgscope-app-'));
    writeFileSync(join(other, STANDALONE_TEMPLATE_FILE), '<!doctype html><title>msgscope</title><script type="module"></script>');
    const io = fakeIo({ appDir: other });
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'html'], io)).toBe(2);
    expect(io.err).toContain('not a msgscope HTML template');
  });

  it('warns on stderr, masked, when the file carries possible secrets', async () => {
    const secret = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
    const history = JSON.stringify([{ type: 'human', data: { content: `my token is ${secret}` } }]);
    const io = fakeIo({ appDir, stdin: history });
    expect(await run(['convert', '-', '--to', 'html'], io)).toBe(0);
    expect(io.err).toContain('carries 1 possible secret');
    expect(io.err).not.toContain(secret);
  });

  it('is listed among the targets', async () => {
    const io = fakeIo({ appDir });
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'nope'], io)).toBe(2);
    expect(io.err).toMatch(/^ {2}html\b/m);
  });
});

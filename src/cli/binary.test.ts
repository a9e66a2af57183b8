import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const EVAL = join(import.meta.dirname, '../../fixtures/real/inspect-ai/log_message_deduplication.eval');
const HISTORY = JSON.stringify([
  { role: 'user', content: 'hi' },
  { role: 'assistant', content: 'hello' },
]);

const temp = mkdtempSync(join(tmpdir(), 'msgscope-binary-'));
function file(name: string, bytes: Uint8Array): string {
  const path = join(temp, name);
  writeFileSync(path, bytes);
  return path;
}

async function checkJson(path: string) {
  const io = fakeIo();
  const code = await run(['check', path, '--json'], io);
  return { code, io, report: io.out === '' ? undefined : (JSON.parse(io.out) as CheckReport) };
}

describe('archives and binary input', () => {
  it('reads an Inspect .eval log (a zip) and names the files it did not read', async () => {
    const { code, report } = await checkJson(EVAL);
    expect(code).toBe(0);
    expect(report).toMatchObject({ format: 'inspect', kind: 'history', messages: 12, toolCalls: 5, findings: [] });
    const io = fakeIo();
    await run(['convert', EVAL, '--to', 'msgscope'], io);
    const messages = (JSON.parse(io.out) as { messages: { text: string; location: { path: string } }[] }).messages;
    expect(messages[0]).toMatchObject({ text: 'Guess the number', location: { path: 'samples/0_epoch_1.json.messages[0]' } });
  });

  it('reads the one history a zip holds, and a gzipped history', async () => {
    const zipped = await checkJson(file('run.zip', zipSync({ 'run/history.json': strToU8(HISTORY), 'run/screenshot.png': new Uint8Array([0x89, 0x50]) })));
    expect(zipped.report).toMatchObject({ messages: 2 });
    expect(zipped.report?.notes).toEqual([
      'Read run/history.json from the zip archive.',
      'The archive also holds 1 other file(s), not read: run/screenshot.png.',
    ]);
    const gzipped = await checkJson(file('run.json.gz', gzipSync(strToU8(HISTORY))));
    expect(gzipped.report).toMatchObject({ messages: 2, notes: [] });
  });

  it('says in one line what binary input is, from a file or stdin, and never prints its bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const fromFile = await checkJson(file('shot.png', png));
    expect(fromFile.code).toBe(2);
    expect(fromFile.io.err).toMatch(/^msgscope: .*shot\.png: This is a PNG image, not a message history: msgscope reads JSON, [^\n]+\n$/);
    const io = fakeIo({ stdin: png });
    expect(await run(['check', '-'], io)).toBe(2);
    expect(io.err).toMatch(/^msgscope: stdin: This is a PNG image, not a message history/);
    const zip = await checkJson(file('images.zip', zipSync({ 'a.png': png })));
    expect([zip.code, zip.io.err]).toEqual([2, expect.stringContaining('A zip archive of 1 file (a.png), none of them a message history msgscope reads.')]);
    const broken = await checkJson(file('cut.eval', (await import('node:fs')).readFileSync(EVAL).subarray(0, 2000)));
    expect(broken.code).toBe(2);
    expect(broken.io.err).toMatch(/This zip archive could not be opened: .+\.\n$/);
  });

  it('reads UTF-8 text from stdin as bytes', async () => {
    const io = fakeIo({ stdin: strToU8(HISTORY) });
    expect(await run(['check', '-', '--json'], io)).toBe(0);
    expect((JSON.parse(io.out) as CheckReport).messages).toBe(2);
  });
});

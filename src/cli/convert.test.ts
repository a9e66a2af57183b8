import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFormats } from '../core/formats/registry';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const fixture = (name: string): string => join(import.meta.dirname, '../../fixtures', name);

async function checkText(text: string): Promise<CheckReport> {
  const io = fakeIo({ stdin: text });
  await run(['check', '-', '--json'], io);
  return JSON.parse(io.out) as CheckReport;
}

const findingKeys = (report: CheckReport) => report.findings.map((f) => [f.rule, f.messageIndex, f.toolCallId]);

describe('msgscope convert', () => {
  it('writes the history to stdout in the target format, which reads back with the same findings', async () => {
    const source = fixture('cross-format/langchain-stored.json');
    const io = fakeIo();
    expect(await run(['convert', source, '--to', 'openai-chat'], io)).toBe(0);
    const original = await checkText(readFileSync(source, 'utf8'));
    const converted = await checkText(io.out);
    expect(converted.format).toBe('openai-chat');
    expect(converted.messages).toBe(original.messages);
    expect(findingKeys(converted)).toEqual(findingKeys(original));
  });

  it('lists on stderr what the target cannot express, one indented line each', async () => {
    const io = fakeIo();
    expect(await run(['convert', fixture('tool-error-retry.langchain.json'), '--to', 'openai-chat'], io)).toBe(0);
    const [head, ...lines] = io.err.trimEnd().split('\n');
    expect(head).toBe('msgscope: lost in conversion to OpenAI Chat Completions request:');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^ {2}\S/);
    expect(io.err).toContain('status "error"');
  });

  it('loses nothing to msgscope JSON', async () => {
    const io = fakeIo();
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'msgscope'], io)).toBe(0);
    expect(io.err).toBe('');
    expect((await checkText(io.out)).format).toBe('msgscope');
  });

  it('writes a Markdown report titled with the file name: findings, verdicts and every message', async () => {
    const io = fakeIo();
    expect(await run(['convert', fixture('weather-orphan.openai.json'), '--to', 'markdown'], io)).toBe(0);
    expect(io.out.startsWith('## msgscope: weather-orphan.openai.json\n\n**OpenAI Chat Completions** (request) · 7 messages')).toBe(true);
    expect(io.out).toContain('### Findings (3 errors)');
    expect(io.out).toContain('- ❌ **OpenAI Chat Completions** rejects it:');
    expect(io.out.match(/^\*\*#\d+ · /gm)).toHaveLength(7);
    expect(io.err).toContain('msgscope does not read Markdown back');
  });

  it('writes to -o OUT instead of stdout, reading stdin for -', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'msgscope-convert-')), 'out.json');
    const io = fakeIo({ stdin: readFileSync(fixture('cross-format/openai-chat.json'), 'utf8') });
    expect(await run(['convert', '-', '--to', 'anthropic', '-o', out], io)).toBe(0);
    expect(io.out).toBe('');
    expect((await checkText(readFileSync(out, 'utf8'))).format).toBe('anthropic');
  });

  it('refuses an unknown target, listing the valid ones, before reading the input', async () => {
    const io = fakeIo();
    expect(await run(['convert', fixture('no-such-file.json'), '--to', 'bedrock'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^msgscope: unknown target "bedrock"\. Valid targets:\n/);
    expect(io.err).toMatch(/^ {2}openai-chat +OpenAI Chat Completions request$/m);
    for (const line of [
      /^ {2}openai-responses +OpenAI Responses request$/m,
      /^ {2}gemini +Gemini generateContent request$/m,
      /^ {2}vercel-ai +Vercel AI SDK messages/m,
    ])
      expect(io.err).toMatch(line);
  });

  it('exits 2 on unreadable input, an unknown --format or an unwritable OUT', async () => {
    const invalid = fakeIo();
    expect(await run(['convert', fixture('invalid.json'), '--to', 'msgscope'], invalid)).toBe(2);
    expect(invalid.err).toMatch(/invalid\.json:3:42: /);
    expect(invalid.out).toBe('');

    const format = fakeIo();
    expect(await run(['convert', fixture('invalid.json'), '--to', 'msgscope', '--format', 'nope'], format)).toBe(2);
    expect(format.err).toMatch(/^msgscope: unknown format "nope"/);

    const unwritable = fakeIo();
    const out = join(fixture('no-such-dir'), 'out.json');
    expect(await run(['convert', fixture('weather.anthropic.json'), '--to', 'msgscope', '-o', out], unwritable)).toBe(2);
    expect(unwritable.err).toMatch(/^msgscope: cannot write .*out\.json: ENOENT/);
  });
});

describe('msgscope formats', () => {
  it('lists every format by name and label, in one aligned table', async () => {
    const io = fakeIo();
    expect(await run(['formats'], io)).toBe(0);
    const rows = io.out.trimEnd().split('\n');
    expect(rows.length).toBe(listFormats().length);
    expect(rows.length).toBeGreaterThan(35);
    expect(rows).toContain(rows.find((row) => /^langchain-stored +LangChain stored messages/.test(row)));
    const labelColumn = (row: string) => row.search(/ {2}\S/);
    expect(new Set(rows.map(labelColumn)).size).toBe(1);
  });

  it('README names as many formats as msgscope reads, one table row each, in the same order', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const names = listFormats().map((format) => format.name);
    expect(readme).toContain(`any of\n${names.length} formats (`);
    expect([...readme.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1])).toEqual(names);
  });
});

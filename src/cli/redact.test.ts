import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../core/secrets';
import { fakeSecrets } from '../core/testing/secrets';
import { parseArgs } from './args';
import { flagsToRerunWith, LARGE_INPUT_BYTES, YOUNG_GENERATION_FLAGS } from './largeInput';
import type { CheckReport } from './report';
import { redact } from './redact';
import { run } from './run';
import { fakeIo } from './testing/io';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const s = fakeSecrets(11);

/** An OpenAI Chat request with a secret in a user message, a call's arguments, a tool result and a header field. */
const history = JSON.stringify(
  {
    model: 'gpt-4o',
    messages: [
      { role: 'system', content: 'You deploy services.' },
      { role: 'user', content: `Use ${s['openai-api-key']} for the API`, metadata: { headers: { Authorization: `Bearer ${s['bearer-token']}` } } },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'deploy', arguments: JSON.stringify({ key: s['private-key'] }) } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: `deployed with ${s['aws-access-key-id']}` },
      { role: 'assistant', content: `Done. I used ${s['openai-api-key']} again.` },
    ],
  },
  null,
  2,
);

/** `line L:C` of offset `i` in the history, counted by hand. */
function at(i: number): string {
  const before = history.slice(0, i).split('\n');
  return `line ${before.length}:${before.at(-1)!.length + 1}`;
}

async function checkJson(text: string): Promise<CheckReport> {
  const io = fakeIo({ stdin: text });
  await run(['check', '-', '--json'], io);
  return JSON.parse(io.out) as CheckReport;
}

describe('msgscope redact', () => {
  it('parses redact FILE|- [-o OUT]', () => {
    expect(parseArgs(['redact', 'a.json'])).toEqual({ kind: 'redact', file: 'a.json' });
    expect(parseArgs(['redact', '-', '-o', 'out.json'])).toEqual({ kind: 'redact', file: '-', output: 'out.json' });
    expect(parseArgs(['redact', 'a.json', '--output=b.json'])).toEqual({ kind: 'redact', file: 'a.json', output: 'b.json' });
    expect(parseArgs(['redact', 'a.json', '--json'])).toMatchObject({ kind: 'usage-error', message: 'unknown option for redact: --json' });
    expect(parseArgs(['redact'])).toMatchObject({ kind: 'usage-error', message: 'redact needs a FILE (or - for stdin)' });
  });

  it('redacts a large file in a child Node with the larger heap, as check and convert do', () => {
    const node = { execArgv: [], nodeOptions: undefined, memory: 8 * 2 ** 30 };
    expect(flagsToRerunWith(parseArgs(['redact', 'big.json']), () => LARGE_INPUT_BYTES, node)).toEqual(expect.arrayContaining([...YOUNG_GENERATION_FLAGS]));
    expect(flagsToRerunWith(parseArgs(['redact', 'small.json']), () => 1000, node)).toBeUndefined();
  });

  it('writes the input with each secret replaced, and lists each replacement with its message on stderr', async () => {
    const io = fakeIo({ stdin: history });
    expect(await run(['redact', '-'], io)).toBe(0);
    expect(findSecrets(io.out)).toEqual([]);
    for (const kind of ['openai-api-key', 'bearer-token', 'private-key', 'aws-access-key-id']) expect(io.out).toContain(`[REDACTED:${kind}]`);
    // Nothing else changed: the text with the replacements put back is the input.
    expect(io.out.replace(/\[REDACTED:[a-z-]+\]/g, '')).toBe(
      findSecrets(history).reduceRight((text, hit) => text.slice(0, hit.start) + text.slice(hit.end), history),
    );
    const lines = io.err.trimEnd().split('\n');
    expect(lines[0]).toBe('msgscope: replaced 5 secrets in stdin:');
    const key = s['openai-api-key'];
    expect(lines.slice(1).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['openai-api-key', `sk-proj-…${key.slice(-4)}`, at(history.indexOf(key)), '#1'],
      ['bearer-token', `Bearer …${s['bearer-token'].slice(-4)}`, at(history.indexOf(s['bearer-token'])), '#1'],
      ['private-key', expect.stringMatching(/^-----BEGIN RSA PRIVATE KEY-----…\(\d+ characters\)$/), at(history.indexOf('-----BEGIN')), '#2'],
      ['aws-access-key-id', `AKIA…${s['aws-access-key-id'].slice(-4)}`, at(history.indexOf(s['aws-access-key-id'])), '#3'],
      ['openai-api-key', `sk-proj-…${key.slice(-4)}`, at(history.lastIndexOf(key)), '#4'],
    ]);
    // The PEM's own BEGIN line is shown, never its body.
    for (const secret of Object.values(s)) expect(io.err).not.toContain(secret.includes('\n') ? secret.split('\n')[1]!.slice(0, 10) : secret.slice(-10));
  });

  it('keeps the history reading the same: check finds the secrets before, the same messages and other findings after', async () => {
    const io = fakeIo({ stdin: history });
    await run(['redact', '-'], io);
    const before = await checkJson(history);
    const after = await checkJson(io.out);
    const others = (report: CheckReport) => report.findings.filter((f) => f.rule !== 'possible-secret').map((f) => [f.rule, f.messageIndex, f.toolCallId]);
    expect(before.findings.filter((f) => f.rule === 'possible-secret').map((f) => [f.messageIndex, f.severity, f.toolCallId])).toEqual([
      [1, 'warning', null],
      [1, 'warning', null],
      [2, 'warning', 'call_1'],
      [3, 'warning', 'call_1'],
      [4, 'warning', null],
    ]);
    expect(after.findings.filter((f) => f.rule === 'possible-secret')).toEqual([]);
    expect([after.format, after.messages, after.toolCalls, others(after)]).toEqual([before.format, before.messages, before.toolCalls, others(before)]);
    // The human report names them too, masked.
    const human = fakeIo({ stdin: history });
    await run(['check', '-'], human);
    expect(human.out).toContain('possible-secret');
    expect(human.out).not.toContain(s['openai-api-key'].slice(-10));
  });

  it('writes to -o OUT, says so when there is nothing to replace, and names no message in text that is no history', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msgscope-redact-'));
    const out = join(dir, 'out.json');
    const io = fakeIo();
    expect(await run(['redact', join(FIXTURES, 'weather-orphan.openai.json'), '-o', out], io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(FIXTURES, 'weather-orphan.openai.json'), 'utf8'));
    expect(io.err).toMatch(/^msgscope: no secrets found in .*weather-orphan\.openai\.json; wrote it unchanged\.\n$/);
    const notes = fakeIo({ stdin: `export GITHUB_TOKEN=${s['github-token']}\n` });
    expect(await run(['redact', '-'], notes)).toBe(0);
    expect(notes.out).toBe('export GITHUB_TOKEN=[REDACTED:github-token]\n');
    expect(notes.err).toContain('(it does not read as a history, so no message is named)');
    expect(notes.err).toContain('github-token');
  });

  it('a gzip is redacted and written uncompressed; a zip archive or other binary input is refused (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msgscope-redact-'));
    const gz = join(dir, 'history.json.gz');
    writeFileSync(gz, gzipSync(strToU8(history)));
    const io = fakeIo();
    expect(await run(['redact', gz], io)).toBe(0);
    expect(io.out).toContain('[REDACTED:openai-api-key]');
    expect(JSON.parse(io.out)).toMatchObject({ model: 'gpt-4o' });
    expect(io.err).toContain('is gzipped; the redacted history is written uncompressed');
    const zip = join(dir, 'history.zip');
    writeFileSync(zip, zipSync({ 'history.json': strToU8(history) }));
    const refused = fakeIo();
    expect(await run(['redact', zip, '-o', join(dir, 'never.json')], refused)).toBe(2);
    expect(refused.err).toContain('is a zip archive, which redact cannot rewrite: unzip it and redact the history file inside');
    expect(refused.out).toBe('');
    expect(() => statSync(join(dir, 'never.json'))).toThrow();
    const png = fakeIo({ stdin: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
    expect(await run(['redact', '-'], png)).toBe(2);
    expect(png.err).toContain('This is a PNG image, not a message history');
    const missing = fakeIo();
    expect(await run(['redact', join(dir, 'missing.json')], missing)).toBe(2);
    expect(missing.err).toContain('msgscope: cannot read');
  });

  it('the zip fixtures (.eval) hold no secrets either', () => {
    const evals = (function under(dir: string): string[] {
      return readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? under(join(dir, name)) : name.endsWith('.eval') ? [join(dir, name)] : [],
      );
    })(FIXTURES);
    expect(evals.length).toBeGreaterThan(0);
    const hits = evals.flatMap((path) =>
      Object.entries(unzipSync(readFileSync(path))).flatMap(([name, bytes]) =>
        findSecrets(strFromU8(bytes)).map((hit) => `${relative(FIXTURES, path)}/${name}: ${hit.kind} ${hit.masked}`),
      ),
    );
    expect(hits).toEqual([]);
  });
});

describe('redact at scale', () => {
  it('names the message of each of 130,000 hits of one key: no search of every holder for every hit, no call with an argument per row', () => {
    const key = s['openai-api-key'];
    const messages = Array.from({ length: 130_000 }, (_, i) => ({ role: 'user', content: `call ${i} with ${key}` }));
    const outcome = redact(JSON.stringify({ model: 'gpt-4o', messages }, null, 1), 'many.json');
    const rows = outcome.stderr.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(130_000);
    expect(rows[0]).toMatch(/#0$/);
    expect(rows[129_999]).toMatch(/#129999$/);
    expect(outcome.text).not.toContain(key);
  }, 60_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../cli/run';
import { fakeIo } from '../cli/testing/io';
import { checkFails, checkHistory, HistoryError, parseHistory, readHistory, type CheckReport } from './index';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const fixture = (name: string): string => join(FIXTURES, name);

/** What `msgscope check ARGS --json` prints and exits with, run in-process. */
async function cli(...args: string[]): Promise<{ code: number; report: unknown; err: string }> {
  const io = fakeIo();
  const code = await run(['check', '--json', ...args], io);
  return { code, report: io.out === '' ? undefined : JSON.parse(io.out), err: io.err };
}

/** The report as --json writes it: what a script comparing the two sees. */
const asJson = (report: CheckReport): unknown => JSON.parse(JSON.stringify(report));

describe('the library gives the report msgscope check --json prints', () => {
  it.each([
    ['a request with error findings', 'weather-orphan.openai.json'],
    ['a clean history', 'weather.anthropic.json'],
    ['JSON Lines', 'history.jsonl'],
    ['costs estimated from the price data', 'tool-error-retry.langchain.json'],
    ['a collection (three Inspect samples)', 'real/inspect-ai/2025-05-12T20-28-26-04-00_security-guide.json'],
    ['a zip archive (an Inspect .eval log)', 'real/inspect-ai/log_message_deduplication.eval'],
  ])('%s', async (_what, name) => {
    const expected = await cli(fixture(name));
    const report = await checkHistory(await readHistory(fixture(name)));
    expect(asJson(report)).toEqual(expected.report);
    // checkFails is exit code 1.
    expect(checkFails(report)).toBe(expected.code === 1);
  });

  it('for one conversation of a collection, by position or label, as --conversation', async () => {
    const file = fixture('real/inspect-ai/2025-05-12T20-28-26-04-00_security-guide.json');
    const history = await readHistory(pathToFileURL(file));
    const expected = await cli(file, '--conversation', '2');
    expect(asJson(await checkHistory(history, { conversation: 2 }))).toEqual(expected.report);
    const whole = await checkHistory(history);
    expect(whole.conversations).toHaveLength(3);
    const label = whole.conversations?.[1]?.label ?? '';
    expect(asJson(await checkHistory(history, { conversation: label }))).toEqual(expected.report);
  });

  it('from text or bytes, as check - reads stdin, in the format asked for', async () => {
    const text = readFileSync(fixture('tool-error-retry.langchain.json'), 'utf8');
    const expected = await cli(fixture('tool-error-retry.langchain.json'), '--format', 'langchain-serialized');
    const fromText = parseHistory(text, { format: 'langchain-serialized' });
    expect(fromText).toEqual({ source: 'input', format: 'langchain-serialized', formatLabel: 'LangChain serialized (dumpd)' });
    expect(asJson(await checkHistory(fromText))).toEqual(expected.report);
    expect(asJson(await checkHistory(parseHistory(new TextEncoder().encode(text))))).toEqual(expected.report);
  });
});

describe('what the library refuses, with the messages of check (exit 2)', () => {
  it('input that is not a history names the file, line and column', async () => {
    const { code, err } = await cli(fixture('invalid.json'));
    expect(code).toBe(2);
    const refused = readHistory(fixture('invalid.json'));
    await expect(refused).rejects.toThrow(HistoryError);
    await expect(refused).rejects.toThrow(err.replace(/^msgscope: /, '').trimEnd());
  });

  it('a file that cannot be read, an unknown format, a conversation the file does not hold', async () => {
    await expect(readHistory(fixture('no-such-file.json'))).rejects.toThrow(/^cannot read .*no-such-file\.json: ENOENT/);
    expect(() => parseHistory('[]', { format: 'no-such-format' })).toThrow(/^unknown format "no-such-format"\. Valid formats:\n {2}\S+/);
    const history = await readHistory(fixture('weather.anthropic.json'));
    await expect(checkHistory(history, { conversation: 5 })).rejects.toThrow(/: no conversation "5"; it holds 1:/);
  });

  it('a history it did not read', async () => {
    await expect(checkHistory({ source: 'x', format: 'openai-chat', formatLabel: 'OpenAI' })).rejects.toThrow(TypeError);
  });
});

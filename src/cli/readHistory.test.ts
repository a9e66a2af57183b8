import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInput, stripBom } from '../core/json/parseInput';
import { readHistoryFile } from './readHistory';

const dir = mkdtempSync(join(tmpdir(), 'msgscope-history-'));
const write = (name: string, text: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// Longer than one piece read from disk (1 Mi characters), with multi-byte characters on both sides of the cut.
const element = (i: number): string => JSON.stringify({ type: 'human', data: { content: `${'é☕𝄞'.repeat(9000)} #${i}` } });
const LARGE = `[\n${Array.from({ length: 40 }, (_, i) => element(i)).join(',\n')}\n]\n`;

describe('readHistoryFile', () => {
  it.each([
    ['a root array one element a line, over several pieces', LARGE],
    ['JSON Lines', `${element(1)}\n${element(2)}\n`],
    ['an object holding the list', JSON.stringify({ messages: [JSON.parse(element(1))] })],
    ['a byte order mark before the array', `\uFEFF${LARGE}`],
  ])('parses %s as parseInput parses the whole text', async (_name, text) => {
    const read = await readHistoryFile(write(`${_name}.json`, text));
    const whole = parseInput(readFileSync(join(dir, `${_name}.json`), 'utf8'));
    expect(whole.ok).toBe(true);
    expect(read.parsed).toEqual(whole.ok ? whole.input : undefined);
    expect(read.text()).toBe(stripBom(text));
  });

  it('leaves text it cannot parse to the importer, whole, so that errors keep their line:column', async () => {
    const text = '[\n{"type": "human", "data": {"content": "hi"}},\n{"type": oops}\n]\n';
    const read = await readHistoryFile(write('invalid.json', text));
    expect(read.parsed).toBeUndefined();
    expect(read.text()).toBe(text);
  });

  it('rejects with the file system error for a missing file', async () => {
    await expect(readHistoryFile(join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
  });
});

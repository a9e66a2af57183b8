import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile } from './readTextFile';

const dir = mkdtempSync(join(tmpdir(), 'msgscope-read-'));
const write = (name: string, bytes: Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('readTextFile', () => {
  it.each([
    ['ASCII', Buffer.from('[{"type": "human", "data": {"content": "caf\\u00e9"}}]\n')],
    ['UTF-8 with multi-byte characters', Buffer.from('[{"content": "café ☕ 𝄞"}]')],
    ['UTF-8 with a byte order mark', Buffer.from('\uFEFF[{"content": "é"}]')],
    ['bytes that are not UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])],
    ['an empty file', Buffer.alloc(0)],
  ])('reads %s as readFile(path, "utf8") does', async (_name, bytes) => {
    const path = write(`${_name}.json`, bytes);
    expect(await readTextFile(path)).toBe(readFileSync(path, 'utf8'));
  });

  it('fails with the file system error for a missing file', async () => {
    await expect(readTextFile(join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
  });
});

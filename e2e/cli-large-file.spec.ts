import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LARGE_INPUT_BYTES, YOUNG_GENERATION_FLAGS } from '../src/cli/largeInput';
import { fixturePath } from './helpers';

const BIN = join(import.meta.dirname, '../bin/msgscope.js');

function checkJson(nodeFlags: readonly string[], file: string): { code: number | null; report: unknown; stderr: string } {
  const run = spawnSync(process.execPath, [...nodeFlags, BIN, 'check', file, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: run.status, report: JSON.parse(run.stdout) as unknown, stderr: run.stderr };
}

// A file this large is checked by a child Node with a larger young generation (src/cli/largeInput.ts);
// what the user gets must not change: the same report on stdout and the same exit code.
/** The same history after LARGE_INPUT_BYTES of whitespace: large on disk, quick to parse. */
function writeLarge(dir: string): string {
  const large = join(dir, 'padded.json');
  writeFileSync(large, `${' '.repeat(LARGE_INPUT_BYTES)}${readFileSync(fixturePath('tool-error-retry.langchain.json'), 'utf8')}`);
  return large;
}

test('msgscope check of a file over the large-input size reports as it does in one process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'msgscope-large-'));
  try {
    const large = writeLarge(dir);

    const small = checkJson([], fixturePath('tool-error-retry.langchain.json'));
    const rerun = checkJson([], large);
    const inProcess = checkJson(YOUNG_GENERATION_FLAGS, large);
    expect(small.code).toBe(1);
    expect(rerun).toEqual(small);
    expect(inProcess).toEqual(small);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The message comes from the parent, after the child it started ran out of memory: proof that a child ran.
test('a large file that needs more memory than the user allowed says so, and how to give more', () => {
  const dir = mkdtempSync(join(tmpdir(), 'msgscope-large-'));
  try {
    const large = writeLarge(dir);
    // The file's text alone is more than 64 MB of heap.
    const run = spawnSync(process.execPath, [BIN, 'check', large], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=64' } });
    expect(run.signal ?? run.status).not.toBe(0);
    expect(run.stderr).toContain(
      `msgscope: ${large} needs more memory than Node may use here (the heap limit you set). Give it more with NODE_OPTIONS=--max-old-space-size=MEGABYTES`,
    );
    expect(run.stdout).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Every real file of fixtures/real, read in-process the way `msgscope check` reads it, against what was
// counted by hand in expected.json (the rules are at the top of fixtures/real/SOURCES.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/cli/report';
import { listFormats } from '../../src/core/formats/registry';
import { importArchive, importText } from '../../src/core/import';
import { openBinary, sniffBinary } from '../../src/core/json/binary';
import type { ImportResult } from '../../src/core/model';
import { judge, type Expected } from './judge.mjs';

const CORPUS = join(import.meta.dirname, '../../fixtures/real');
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Expected[];
const readers = new Set(listFormats().map((format) => format.name));

/**
 * Files msgscope does not read right yet, each with what is missing. The list only shrinks: a file that
 * starts to read right fails its test until it is taken off.
 */
const NOT_YET_READ = new Map<string, string>([
  [
    'langfuse/claude-agent-2025-12-22.trace.json',
    'langfuse does not join generations whose inputs carry no history (Claude Agent SDK turns) with the TOOL results and the run span',
  ],
]);

/** The file read as the CLI reads it: an archive opened, text as text. */
function importFile(path: string): ImportResult {
  const bytes = readFileSync(path);
  const kind = sniffBinary(bytes.subarray(0, 4096));
  if (!kind) return importText(bytes.toString('utf8'));
  const opened = openBinary(bytes, kind, { unzipSync, gunzipSync, strFromU8 });
  if ('error' in opened) return { ok: false, error: { message: opened.error } };
  return 'files' in opened ? importArchive(opened.files) : importText(opened.text);
}

function problemsOf(entry: Expected): string[] {
  const result = importFile(join(CORPUS, entry.file));
  if (!result.ok) return [`unreadable: ${result.error.message.split('\n')[0] ?? ''}`];
  return judge(entry, buildReport(result.transcript, result.conversations), result.transcript.messages, readers);
}

describe('the real corpus', () => {
  it('lists every file of fixtures/real once', () => {
    expect(new Set(expected.map((entry) => entry.file)).size).toBe(expected.length);
    for (const file of NOT_YET_READ.keys()) expect(expected.some((entry) => entry.file === file)).toBe(true);
  });

  it.each(expected.map((entry) => [entry.file, entry] as const))('%s', (file, entry) => {
    const problems = problemsOf(entry);
    if (NOT_YET_READ.has(file)) expect(problems, `${file} reads right now: take it off NOT_YET_READ`).not.toEqual([]);
    else expect(problems).toEqual([]);
  });
});

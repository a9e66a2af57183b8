// The CLI on input nested far deeper than MAX_DEPTH: a file that is no history exits 2 with a line that says
// what it is; a history exits as any readable one does, and every target writes it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONVERT_TARGETS } from '../core/convert';
import { MAX_DEPTH } from '../core/json/depth';
import { DEEP_HISTORIES, nestedBrackets } from '../core/testing/deep';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const temp = mkdtempSync(join(tmpdir(), 'msgscope-deep-'));

function file(name: string, text: string): string {
  const path = join(temp, name);
  writeFileSync(path, text);
  return path;
}

describe('msgscope on deeply nested input', () => {
  // A file is read streamed (core/json/streamingJson), stdin whole (parseInput): both cut deep values.
  it.each(['file', 'stdin'])('20 KB of `[` nested 10,000 deep from a %s: exit 2 and one line saying what it is, no stack trace', async (from) => {
    expect(nestedBrackets.length).toBe(20_001);
    const path = file('brackets.json', nestedBrackets);
    const io = fakeIo({ stdin: nestedBrackets });
    const code = await run(['check', from === 'file' ? path : '-'], io);
    expect(code).toBe(2);
    expect(io.out).toBe('');
    const [first] = io.err.split('\n');
    expect(first).toBe(`msgscope: ${from === 'file' ? path : 'stdin'}: A JSON list of 1 list — not a message history msgscope knows.`);
    expect(io.err).not.toMatch(/RangeError|call stack/);
    expect(io.err).not.toContain('    at ');
  });

  it.each(Object.keys(DEEP_HISTORIES))('%s: checked like any history (exit 0 or 1 by its findings), with the note', async (name) => {
    const path = file(`${name}.json`, DEEP_HISTORIES[name as keyof typeof DEEP_HISTORIES]);
    const io = fakeIo();
    const code = await run(['check', path, '--json'], io);
    expect(io.err).toBe('');
    const report = JSON.parse(io.out) as CheckReport;
    expect(code).toBe(report.findings.some((f) => f.severity === 'error') || report.verdicts.some((v) => v.unjudged !== undefined) ? 1 : 0);
    expect(report.messages).toBeGreaterThanOrEqual(3);
    expect(report.notes.some((note) => note.includes(`deeper than ${MAX_DEPTH} levels`))).toBe(true);
  });

  it.each(Object.keys(DEEP_HISTORIES))('%s: converted to every target, as check reads it', async (name) => {
    const path = file(`${name}.json`, DEEP_HISTORIES[name as keyof typeof DEEP_HISTORIES]);
    for (const { target } of CONVERT_TARGETS) {
      const io = fakeIo();
      expect(await run(['convert', path, '--to', target], io), target).toBe(0);
      if (target !== 'markdown') expect(() => JSON.parse(io.out) as unknown, target).not.toThrow();
      expect(io.err, target).not.toContain('could not be converted');
    }
  });
});

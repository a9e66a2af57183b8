import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_TARGETS } from '../core/convert';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

// The same run written in every format (see fixtures/cross-format/README.md): whichever format it
// arrives in, the CLI must say the same about it.
const DIR = join(import.meta.dirname, '../../fixtures/cross-format');
const files = readdirSync(DIR)
  .filter((name) => !name.endsWith('.md'))
  .sort();

const EXPECTED_FINDINGS = [
  { rule: 'tool-results-not-adjacent', messageIndex: 5, toolCallId: 'call_hz' },
  { rule: 'orphan-tool-result', messageIndex: 6, toolCallId: 'call_zz' },
];

describe('msgscope check --json on the cross-format run', () => {
  it.each(files)('%s: detected by name, 8 messages, the same findings and verdicts', async (name) => {
    const io = fakeIo();
    const code = await run(['check', join(DIR, name), '--json'], io);
    expect(io.err).toBe('');
    expect(code).toBe(1);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.format).toBe(name.replace(/\.[^.]+$/, ''));
    expect(report.messages).toBe(8);
    expect(report.findings.map(({ rule, messageIndex, toolCallId }) => ({ rule, messageIndex, toolCallId }))).toEqual(EXPECTED_FINDINGS);
    // Every provider but LangGraph (which checks only that calls have results) rejects this run.
    expect(report.verdicts.map((v) => [v.target, v.accepted])).toEqual([
      ['openai-chat', false],
      ['openai-responses', false],
      ['anthropic', false],
      ['gemini', false],
      ['langgraph', true],
    ]);
  });
});

describe('msgscope convert on the cross-format run', () => {
  const pairs = files.flatMap((name) => HISTORY_TARGETS.map(({ target }) => [name, target] as const));

  it.each(pairs)('%s --to %s reads back with the same 8 messages and findings', async (name, target) => {
    const converted = fakeIo();
    expect(await run(['convert', join(DIR, name), '--to', target], converted)).toBe(0);
    const checked = fakeIo({ stdin: converted.out });
    await run(['check', '-', '--json'], checked);
    const report = JSON.parse(checked.out) as CheckReport;
    expect(report.format).toBe(target);
    expect(report.messages).toBe(8);
    expect(report.findings.map(({ rule, messageIndex, toolCallId }) => ({ rule, messageIndex, toolCallId }))).toEqual(EXPECTED_FINDINGS);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED } from '../core/repair';
import { parseArgs } from './args';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const fixture = (path: string): string => join(FIXTURES, path);

async function checkJson(text: string, format?: string): Promise<CheckReport> {
  const io = fakeIo({ stdin: text });
  await run(['check', '-', '--json', ...(format === undefined ? [] : ['--format', format])], io);
  return JSON.parse(io.out) as CheckReport;
}

const rejecting = (report: CheckReport, target?: string): string[] =>
  report.verdicts.filter((v) => (target === undefined || v.target === target) && !v.accepted).map((v) => v.target);

describe('msgscope repair', () => {
  it('parses repair FILE|- [--for TARGET] [-o OUT] [--format NAME]', () => {
    expect(parseArgs(['repair', 'a.json'])).toEqual({ kind: 'repair', file: 'a.json' });
    expect(parseArgs(['repair', '-', '--for', 'anthropic', '-o', 'out.json'])).toEqual({ kind: 'repair', file: '-', target: 'anthropic', output: 'out.json' });
    expect(parseArgs(['repair', 'a.json', '--format=openai-chat'])).toEqual({ kind: 'repair', file: 'a.json', format: 'openai-chat' });
    expect(parseArgs(['repair', 'a.json', '--json'])).toMatchObject({ kind: 'usage-error', message: 'unknown option for repair: --json' });
    expect(parseArgs(['repair'])).toMatchObject({ kind: 'usage-error', message: 'repair needs a FILE (or - for stdin)' });
  });

  it('writes the repaired history to stdout and lists every edit on stderr; exit 0 when every target accepts it', async () => {
    const io = fakeIo();
    const code = await run(['repair', fixture('weather-orphan.openai.json')], io);
    expect(code).toBe(0);
    expect(io.err).toContain('2 edits:');
    expect(io.err).toMatch(/#5 {2}moved {2}\[tool-results-not-adjacent\] moved #5 to just after #2/);
    expect(io.err).toMatch(/#6 {2}dropped {2}\[orphan-tool-result\] dropped #6/);
    expect(io.err).toContain('why: ');
    expect(io.err).toContain('accepted by every target');
    // The output reads back in the same format, and `check` finds no error in it.
    const report = await checkJson(io.out);
    expect(report.format).toBe('openai-chat');
    expect(rejecting(report)).toEqual([]);
  });

  it('reads stdin, repairs for one target, and exits 1 listing what it could not repair', async () => {
    const text = readFileSync(fixture('tool-error-retry.langchain.json'), 'utf8');
    const io = fakeIo({ stdin: text });
    const code = await run(['repair', '-', '--for', 'openai-chat'], io);
    expect(code).toBe(1);
    expect(io.out).toBe(text);
    expect(io.err).toContain('Not repaired (1):');
    expect(io.err).toMatch(/#2 {2}\[invalid-tool-call\].*\n\s+not repaired: what the model meant to send as arguments is not known/);
    expect(io.err).toContain('still rejected by: OpenAI Chat Completions');
    // For a target that takes it, the same history needs nothing.
    expect(await run(['repair', '-', '--for', 'anthropic'], fakeIo({ stdin: text }))).toBe(0);
  });

  it('with -o writes the history to OUT and the edits to stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msgscope-repair-'));
    const out = join(dir, 'out.json');
    const io = fakeIo();
    expect(await run(['repair', fixture('formats/anthropic/fault.json'), '--for', 'anthropic', '-o', out], io)).toBe(0);
    expect(io.out).toContain('3 edits:');
    expect(io.out).toContain('[orphan-tool-call] added a tool result for deploy (toolu_deploy)');
    expect(io.err).not.toContain('edits:');
    expect(io.err).toContain('accepted by Anthropic Messages');
    const written = readFileSync(out, 'utf8');
    expect(written).toContain(INTERRUPTED);
    const report = await checkJson(written);
    expect(report.format).toBe('anthropic');
    expect(rejecting(report, 'anthropic')).toEqual([]);
  });

  it('converts a format it cannot write back and says so', async () => {
    const io = fakeIo();
    expect(await run(['repair', fixture('formats/claude-code/fault.jsonl'), '--for', 'openai-chat'], io)).toBe(0);
    expect(io.err).toMatch(/Claude Code session log \(claude-code\), written as OpenAI Chat Completions \(openai-chat\)/);
    expect(io.err).toContain('converted: ');
    expect((await checkJson(io.out, 'openai-chat')).verdicts.find((v) => v.target === 'openai-chat')?.accepted).toBe(true);
  });

  it('repairs the history of a zip archive (an Inspect .eval log) by converting it', async () => {
    const io = fakeIo();
    const code = await run(['repair', fixture('real/inspect-ai/log_message_deduplication.eval')], io);
    expect([0, 1]).toContain(code);
    expect(io.err).toContain('written as msgscope JSON (msgscope)');
    expect((await checkJson(io.out)).format).toBe('msgscope');
  });

  it('exits 2 on input it cannot read, an unknown target, or an output it cannot write', async () => {
    const broken = fakeIo({ stdin: '{"messages": [' });
    expect(await run(['repair', '-'], broken)).toBe(2);
    expect(broken.err).toMatch(/^msgscope: stdin:\d+:\d+: /);
    expect(broken.out).toBe('');
    const missing = fakeIo();
    expect(await run(['repair', join(FIXTURES, 'no-such-file.json')], missing)).toBe(2);
    const target = fakeIo();
    expect(await run(['repair', fixture('weather-orphan.openai.json'), '--for', 'openai'], target)).toBe(2);
    expect(target.err).toContain('unknown target "openai" for --for. Valid targets:');
    expect(target.err).toContain('langgraph');
    const dir = mkdtempSync(join(tmpdir(), 'msgscope-repair-'));
    writeFileSync(join(dir, 'file'), '');
    expect(await run(['repair', fixture('weather-orphan.openai.json'), '-o', join(dir, 'file', 'out.json')], fakeIo())).toBe(2);
  });
});

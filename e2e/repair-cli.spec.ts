// `msgscope repair` as a shell runs it: the built CLI (bin/msgscope.js, or E2E_PACKAGE_ROOT's, as in
// e2e/package.spec.ts) in its own process, its exit code, its stderr, and its output read back by `check --json`.
// No browser: these are the contract docs/page-hooks.md gives the command.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const REPO = join(import.meta.dirname, '..');
const PACKAGE_ROOT = process.env.E2E_PACKAGE_ROOT ?? REPO;
const BIN = join(PACKAGE_ROOT, 'bin/msgscope.js');
const SAMPLES = join(REPO, 'public/samples');
const sample = (name: string): string => join(SAMPLES, name);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function msgscope(args: readonly string[], stdin?: string | Uint8Array): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 28, ...(stdin !== undefined && { input: stdin }) });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface Report {
  format: string;
  findings: { rule: string; severity: string }[];
  verdicts: { target: string; accepted: boolean; unjudged?: unknown }[];
}

/** `msgscope check - --json` of `text`: how the CLI reads it back. */
function checked(text: string): Report {
  const run = msgscope(['check', '-', '--json'], text);
  expect([0, 1], run.stderr).toContain(run.code);
  return JSON.parse(run.stdout) as Report;
}

const formatOf = (file: string): string => checked(readFileSync(file, 'utf8')).format;

test.beforeAll(() => {
  expect(existsSync(join(PACKAGE_ROOT, 'dist/cli/msgscope.js')), `${PACKAGE_ROOT} has no built CLI: run npm run build`).toBe(true);
});

test('without --for it repairs for every target: exit 0, and check finds no error in the output, in the input’s format', () => {
  const file = sample('orphaned-call.langchain.json');
  expect(
    checked(readFileSync(file, 'utf8'))
      .findings.filter((f) => f.severity === 'error')
      .map((f) => f.rule),
  ).toEqual(['orphan-tool-call']);
  const run = msgscope(['repair', file]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('for every target');
  expect(run.stderr).toMatch(/^1 edit:\n {2}#8 {2}added {2}\[orphan-tool-call\] /m);
  expect(run.stderr).toContain('The repaired history is accepted by every target');
  expect(run.stderr).not.toContain('Not repaired');
  const back = checked(run.stdout);
  expect(back.format).toBe('langchain-stored');
  expect(back.findings.filter((f) => f.severity === 'error')).toEqual([]);
  expect(back.verdicts.filter((v) => !v.accepted)).toEqual([]);
  expect(back.verdicts.map((v) => v.target).sort()).toEqual(['anthropic', 'gemini', 'langgraph', 'openai-chat', 'openai-responses']);
});

test('exit 1 when a finding has no mechanical repair, listed on stderr as Not repaired (N)', () => {
  const file = sample('unsigned-thinking.anthropic.json');
  const run = msgscope(['repair', file]);
  expect(run.code).toBe(1);
  const count = Number(/^Not repaired \((\d+)\):$/m.exec(run.stderr)?.[1]);
  expect(count).toBe(1);
  // One entry, and its reason, for each finding counted.
  expect(run.stderr.match(/^ {2}#\d+ {2}\[[\w-]+\] /gm)).toHaveLength(count);
  expect(run.stderr.match(/^ {6}not repaired: /gm)).toHaveLength(count);
  expect(run.stderr).toMatch(/#10 {2}\[thinking-missing-signature\] .*\n {6}not repaired: only the provider can sign a thinking block/);
  expect(run.stderr).toContain('still rejected by: Anthropic Messages');
  // Nothing mechanical to do: the history is written as it came.
  expect(run.stdout).toBe(readFileSync(file, 'utf8'));
  expect(checked(run.stdout).format).toBe('anthropic');
});

test('exit 2 on stdin that is not a history: broken JSON, or a PNG image', () => {
  const broken = msgscope(['repair', '-'], '{');
  expect(broken.code).toBe(2);
  expect(broken.stdout).toBe('');
  expect(broken.stderr).toMatch(/^msgscope: stdin/);
  // The PNG signature and the start of an IHDR chunk: enough for the CLI to see an image.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const image = msgscope(['repair', '-'], png);
  expect(image.code).toBe(2);
  expect(image.stdout).toBe('');
  expect(image.stderr).toMatch(/^msgscope: stdin: /);
  expect(image.stderr).toContain('PNG');
});

test('every sample repaired, from a file and from stdin, reads back in the format it came in', () => {
  const samples = readdirSync(SAMPLES).filter((name) => name.endsWith('.json'));
  expect(samples.length).toBeGreaterThanOrEqual(5);
  for (const name of samples) {
    const file = sample(name);
    const format = formatOf(file);
    const run = msgscope(['repair', file]);
    expect([0, 1], `${name}: ${run.stderr}`).toContain(run.code);
    expect(run.stderr, name).toContain(`(${format}), for every target`);
    const back = checked(run.stdout);
    expect(back.format, name).toBe(format);
    // Exit 0 is what the output's verdicts say: every target accepts it, having read all of it.
    expect(
      back.verdicts.every((v) => v.accepted && v.unjudged === undefined),
      name,
    ).toBe(run.code === 0);
    const piped = msgscope(['repair', '-', '--for', 'openai-chat'], readFileSync(file, 'utf8'));
    expect([0, 1], `${name}: ${piped.stderr}`).toContain(piped.code);
    expect(checked(piped.stdout).format, name).toBe(format);
  }
});

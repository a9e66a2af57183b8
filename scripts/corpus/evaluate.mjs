#!/usr/bin/env node
// Says, for every real file listed in fixtures/real/expected.json, whether the built CLI reads it
// right: the expected format detected, the hand-counted messages, tool calls and tool results
// found, every text snippet shown, and no error finding on a healthy file (scripts/corpus/judge.mjs).
//   node scripts/corpus/evaluate.mjs [--json] [--cli PATH]   (after npm run build)
// --cli runs another build (an older commit's dist/cli/msgscope.js), to measure before and after.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judge, tally } from './judge.mjs';

const root = new URL('../..', import.meta.url).pathname;
const cliFlag = process.argv.indexOf('--cli');
const cli = cliFlag === -1 ? join(root, 'dist/cli/msgscope.js') : process.argv[cliFlag + 1];
const corpus = join(root, 'fixtures/real');
const expected = JSON.parse(readFileSync(join(corpus, 'expected.json'), 'utf8'));
const asJson = process.argv.includes('--json');

function run(...args) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const readers = new Set(
  run('formats')
    .stdout.split('\n')
    .map((line) => line.split(/\s+/)[0])
    .filter(Boolean),
);

function firstLine(text) {
  return text.trim().split('\n')[0] ?? '';
}

/** What was wrong with one file's reading; empty when it was read right. */
function evaluate(entry) {
  const file = join(corpus, entry.file);
  const check = run('check', file, '--json');
  if (check.status === 2)
    return {
      problems: [
        `unreadable: ${firstLine(check.stderr)
          .replaceAll(root, '')
          .replace(/^msgscope: [^:]*: /, '')}`,
      ],
    };
  const report = JSON.parse(check.stdout);
  const converted = run('convert', file, '--to', 'msgscope');
  const messages = converted.status === 0 ? JSON.parse(converted.stdout).messages : [];
  return { problems: judge(entry, report, messages, readers), format: report.format, messages: report.messages, toolCalls: report.toolCalls };
}

const rows = expected.map((entry) => ({ entry, ...evaluate(entry) }));

if (asJson) {
  console.log(
    JSON.stringify(
      rows.map(({ entry, ...r }) => ({
        file: entry.file,
        readRight: r.problems.length === 0,
        ...r,
      })),
      null,
      2,
    ),
  );
} else {
  for (const { entry, problems } of rows)
    console.log(`${problems.length === 0 ? 'ok ' : 'NOT'} ${entry.file}${problems.length ? `: ${problems.join('; ')}` : ''}`);

  console.log(`\n${tally(rows.map(({ entry, problems }) => ({ file: entry.file, problems })))}`);
}

#!/usr/bin/env node
// Says, for every real file listed in fixtures/real/expected.json, whether the built CLI reads it
// right: the expected format detected, the hand-counted messages, tool calls and tool results
// found, every text snippet shown, and no error finding on a healthy file other than the
// pending calls it ends with.
//   node scripts/corpus/evaluate.mjs [--json]          (after npm run build)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const cli = join(root, 'dist/cli/msgscope.js');
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

/** Every string a reader put into its messages, leaving out the verbatim input (`raw`) that would contain any snippet. */
function shownStrings(value, into = []) {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) shownStrings(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (key !== 'raw' && key !== 'location') shownStrings(v, into);
  }
  return into;
}

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
  const problems = [];
  const formats = [entry.format, ...(entry.alsoFormats ?? [])];
  if (!readers.has(entry.format)) problems.push(`no ${entry.format} reader (detected as ${report.format})`);
  else if (!formats.includes(report.format)) problems.push(`format ${report.format}, expected ${formats.join(' or ')}`);
  if (report.messages !== entry.messages) problems.push(`messages ${report.messages}, expected ${entry.messages}`);
  if (report.toolCalls !== entry.toolCalls) problems.push(`tool calls ${report.toolCalls}, expected ${entry.toolCalls}`);

  const converted = run('convert', file, '--to', 'msgscope');
  const messages = converted.status === 0 ? JSON.parse(converted.stdout).messages : [];
  const results = messages.filter((m) => m.role === 'tool').length;
  if (results !== entry.toolResults) problems.push(`tool results ${results}, expected ${entry.toolResults}`);
  const shown = shownStrings(messages);
  const missing = entry.textSnippets.filter((snippet) => !shown.some((s) => s.includes(snippet)));
  if (missing.length > 0) problems.push(`text not shown: ${missing.map((s) => JSON.stringify(s.slice(0, 40))).join(', ')}`);

  const errors = report.findings.filter((f) => f.severity === 'error');
  const pendingFlagged = errors.filter((f) => f.rule === 'orphan-tool-call').length;
  if (entry.healthy) {
    // A response or history that ends in calls waiting for their results is a normal state; an
    // orphan-tool-call finding for each of them is expected, anything beyond is a false alarm.
    const others = errors.filter((f) => f.rule !== 'orphan-tool-call').map((f) => f.rule);
    if (others.length > 0) problems.push(`errors on a healthy file: ${[...new Set(others)].join(', ')}`);
    if (pendingFlagged > entry.pendingCalls) problems.push(`${pendingFlagged} orphan-tool-call errors, ${entry.pendingCalls} calls pending`);
  }
  return {
    problems,
    format: report.format,
    messages: report.messages,
    toolCalls: report.toolCalls,
    toolResults: results,
    pendingFlagged,
  };
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

  const bySource = new Map();
  for (const { entry, problems } of rows) {
    const source = entry.file.split('/')[0];
    const tally = bySource.get(source) ?? { files: 0, right: 0 };
    tally.files++;
    if (problems.length === 0) tally.right++;
    bySource.set(source, tally);
  }
  const width = Math.max(...[...bySource.keys()].map((s) => s.length), 'source'.length);
  console.log(`\n| ${'source'.padEnd(width)} | files | read right |`);
  console.log(`|${'-'.repeat(width + 2)}|------:|-----------:|`);
  let files = 0;
  let right = 0;
  for (const [source, tally] of bySource) {
    console.log(`| ${source.padEnd(width)} | ${String(tally.files).padStart(5)} | ${String(tally.right).padStart(10)} |`);
    files += tally.files;
    right += tally.right;
  }
  console.log(`| ${'all'.padEnd(width)} | ${String(files).padStart(5)} | ${String(right).padStart(10)} |`);
}

// The CLI on a very large file against Node's own read + JSON.parse of it, each in a fresh process.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, openSync, writeSync, closeSync } from 'node:fs';
import { generateHistory } from './generate.mjs';

function writeLarge(file, n) {
  // Written in chunks: a million messages do not fit in one string.
  const fd = openSync(file, 'w');
  writeSync(fd, '[\n');
  const chunk = 50_000;
  for (let start = 0; start < n; start += chunk) {
    const part = generateHistory(Math.min(chunk, n - start), 1000 + start).map((m) => {
      m.data.id = `${m.data.id}_${start}`;
      for (const c of m.data.tool_calls ?? []) c.id = `${c.id}_${start}`;
      if (m.data.tool_call_id) m.data.tool_call_id = `${m.data.tool_call_id}_${start}`;
      if (typeof m.data.content === 'string') m.data.content = m.data.content.slice(0, 160);
      return JSON.stringify(m);
    });
    writeSync(fd, (start ? ',\n' : '') + part.join(',\n'));
  }
  writeSync(fd, '\n]\n');
  closeSync(fd);
}

function timed(args) {
  const t0 = process.hrtime.bigint();
  try {
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 });
  } catch (error) {
    if (error.status !== 1) throw error; // exit 1 = error findings, expected
  }
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export function measureCli(root, outDir, n) {
  const file = `${outDir}/history-cli-${n}.json`;
  if (!existsSync(file)) writeLarge(file, n);
  // Alternated, so that a slower stretch of this shared machine falls on both and not on one of them.
  const floor = [];
  const checks = [];
  for (let run = 0; run < 2; run++) {
    floor.push(timed(['-e', `JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`]));
    checks.push(timed([`${root}bin/msgscope.js`, 'check', file, '--json']));
  }
  return { n, bytes: statSync(file).size, floorMs: Math.min(...floor), checkMs: Math.min(...checks) };
}

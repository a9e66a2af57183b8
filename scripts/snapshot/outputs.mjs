#!/usr/bin/env node
// Writes what the built CLI prints for every fixture (check --json, the human report, and every
// conversion target) into one folder, so that a refactoring can be proved byte-identical:
//   node scripts/snapshot/outputs.mjs OUT_DIR          (after npm run build)
//   diff -r BEFORE_DIR AFTER_DIR
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const cli = join(root, 'dist/cli/msgscope.js');
const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/snapshot/outputs.mjs OUT_DIR');
  process.exit(2);
}

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (!name.endsWith('.md') && !name.endsWith('LICENSE') && !name.endsWith('SOURCE')) yield path;
  }
}

const targets = ['langchain-stored', 'openai-chat', 'anthropic', 'msgscope'];
const runs = [['check.json', ['check', '--json']], ['check.txt', ['check']], ...targets.map((t) => [`to-${t}`, ['convert', '--to', t]])];

let count = 0;
for (const file of files(join(root, 'fixtures'))) {
  const name = relative(root, file).replaceAll('/', '__');
  for (const [suffix, args] of runs) {
    const r = spawnSync(process.execPath, [cli, args[0], file, ...args.slice(1)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, NO_COLOR: '1' },
    });
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.${suffix}`), `exit ${r.status}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`);
    count++;
  }
}
console.log(`${count} outputs written to ${out}`);

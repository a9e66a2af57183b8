// The CLI's entry as `npx msgscope` runs it: bundled as `npm run build` bundles it (into a directory of the
// test's own), then run in a child Node with a preload that makes it fail where no reader, rule or export
// guard is: its writes to stdout, and a timer outside any promise it awaits.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'msgscope-main-'));
const bundle = join(dir, 'cli', 'msgscope.js');
const history = join(dir, 'run.json');

beforeAll(() => {
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'vite.cli.config.ts', '--outDir', join(dir, 'cli'), '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  // The bundle imports its packages (fflate) from node_modules, as dist/cli does.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html>');
  writeFileSync(history, '[{"role": "user", "content": "hi"}]');
  writeFileSync(join(dir, 'stdout-throws.mjs'), "process.stdout.write = () => { throw new TypeError('stdout exploded'); };\n");
  writeFileSync(join(dir, 'timer-throws.mjs'), "setTimeout(() => { throw new Error('late boom'); }, 200);\n");
}, 60_000);

function msgscope(preload: string, args: string[], env: Record<string, string> = {}) {
  const inherited = { ...process.env };
  delete inherited.MSGSCOPE_DEBUG;
  const child = spawnSync(process.execPath, ['--import', join(dir, preload), bundle, ...args], {
    encoding: 'utf8',
    env: { ...inherited, ...env },
    timeout: 30_000,
  });
  return { code: child.status, stderr: child.stderr };
}

describe('the CLI entry', () => {
  it('turns an exception nothing caught into one line and exit 2, with no stack trace', () => {
    const { code, stderr } = msgscope('stdout-throws.mjs', ['check', history]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'msgscope: internal error: TypeError: stdout exploded\nThis is a bug in msgscope; please report it (run with MSGSCOPE_DEBUG=1 for the details).\n',
    );
  });

  it('prints the stack after that line when MSGSCOPE_DEBUG=1', () => {
    const { code, stderr } = msgscope('stdout-throws.mjs', ['check', history], { MSGSCOPE_DEBUG: '1' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^msgscope: internal error: TypeError: stdout exploded\nTypeError: stdout exploded\n {4}at /);
  });

  it('does the same for an exception out of no promise it awaits, while `open` serves', () => {
    const { code, stderr } = msgscope('timer-throws.mjs', ['open', history, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('msgscope: internal error: late boom');
    expect(stderr).not.toContain('    at ');
  });
});

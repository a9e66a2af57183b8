// msgscope outside this repository, as a project gets it: `npm pack`, `npm install <tgz>` into an empty folder,
// then every command through `npx msgscope` and the library through `import … from 'msgscope'`, each compared
// with this checkout's own CLI on the same files. The package is packed from the built checkout (`npm run
// test:e2e` builds dist/ first) or from E2E_PACKAGE_ROOT, a folder laid out like it with dist/ built elsewhere.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixturePath } from './helpers';

const REPO = join(import.meta.dirname, '..');
const PACKAGE_ROOT = process.env.E2E_PACKAGE_ROOT ?? REPO;
/** The checkout's own CLI, run where it was built, with the checkout's node_modules. */
const OWN_BIN = join(PACKAGE_ROOT, 'bin/msgscope.js');

const ORPHAN = fixturePath('weather-orphan.openai.json');
// Usage and no cost reported: the report's cost is estimated with the price package, a run-time import.
const PRICED = fixturePath('tool-error-retry.langchain.json');
// A zip archive: opened with fflate, the other run-time import.
const ARCHIVE = fixturePath('real/inspect-ai/log_message_deduplication.eval');

/** The environment less what `npm run` sets for its own package, so the nested npm sees only the empty project. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(?:package|lifecycle)_/.test(key) || key === 'npm_command' || key === 'npm_config_local_prefix' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return env;
}

function sh(command: string, args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  const run = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  return run;
}

let work: string;
let project: string;
let tgz: string;
const timings: string[] = [];

/** `npx msgscope ARGS` in the project: --no, so that npx never downloads a package of that name instead; -- so that it keeps none of ARGS (--help). */
const installed = (...args: string[]) => sh('npx', ['--no', '--', 'msgscope', ...args], project);
const own = (...args: string[]) => sh(process.execPath, [OWN_BIN, ...args], REPO);
const outcome = (run: SpawnSyncReturns<string>) => ({ code: run.status, stdout: run.stdout, stderr: run.stderr });

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  expect(existsSync(join(PACKAGE_ROOT, 'dist/cli/msgscope.js')), `${PACKAGE_ROOT} has no built CLI: run npm run build`).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'msgscope-package-'));
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-msgscope', private: true, type: 'module' }));
});

test.afterAll(() => {
  if (timings.length > 0) console.log(`package: ${timings.join(', ')}`);
  if (work) rmSync(work, { recursive: true, force: true });
});

test('npm pack holds the built app, CLI and library, the licence, and no sources, tests or source maps', () => {
  // --ignore-scripts: `prepare` would build again, into the dist/ the other specs are reading.
  const started = Date.now();
  const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], PACKAGE_ROOT);
  timings.push(`pack ${Date.now() - started} ms`);
  expect(pack.status, pack.stderr).toBe(0);
  const [packed] = JSON.parse(pack.stdout) as { filename: string; size: number; files: { path: string }[] }[];
  if (!packed) throw new Error(`npm pack printed no package: ${pack.stdout}`);
  timings.push(`${(packed.size / 1e6).toFixed(1)} MB packed`);
  const files = packed.files.map((file) => file.path);
  for (const file of [
    'package.json',
    'LICENSE',
    'README.md',
    'bin/msgscope.js',
    'dist/cli/msgscope.js',
    'dist/app/index.html',
    'dist/app/msgscope-standalone.html',
    'dist/lib/index.js',
    'dist/lib/types/lib/index.d.ts',
  ])
    expect(files).toContain(file);
  expect(files.filter((file) => /^(?:src|e2e|fixtures|scripts|node_modules|dist\/fuzz)\/|\.map$/.test(file))).toEqual([]);
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest).not.toHaveProperty('private');
  expect(manifest).toMatchObject({ license: 'MIT', bin: { msgscope: 'bin/msgscope.js' } });
  tgz = join(work, packed.filename);
});

test('npm install of the tgz into an empty folder takes only the run-time packages and builds nothing', () => {
  test.setTimeout(180_000);
  const started = Date.now();
  const install = sh('npm', ['install', tgz, '--prefer-offline', '--no-audit', '--no-fund'], project);
  timings.push(`install ${Date.now() - started} ms`);
  expect(install.status, install.stderr).toBe(0);
  const modules = join(project, 'node_modules');
  const top = readdirSync(modules).flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name]));
  // No dev dependency (the app's React, the build tools) and neither of the share server's optional stores.
  expect(top.filter((name) => !name.startsWith('.')).sort()).toEqual(['@pydantic/genai-prices', 'fflate', 'msgscope']);
  // No build ran: what is installed is what was packed.
  expect(readdirSync(join(modules, 'msgscope/dist')).sort()).toEqual(['app', 'cli', 'lib']);
});

test('the built CLI and library import exactly the dependencies, and the optional stores only from their chunks', () => {
  const root = join(project, 'node_modules/msgscope');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object; peerDependencies: object };
  const imports = new Map<string, string[]>();
  const bundles = ['dist/cli', 'dist/lib'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(dir, file)),
  );
  for (const bundle of bundles) {
    const code = readFileSync(join(root, bundle), 'utf8');
    for (const [, from, dynamic] of code.matchAll(/\bfrom\s*"([\w@][\w@/.:-]*)"|\bimport\(\s*"([\w@][\w@/.:-]*)"\s*\)/g)) {
      const specifier = from ?? dynamic ?? '';
      if (specifier.startsWith('node:')) continue;
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      imports.set(name, [...(imports.get(name) ?? []), bundle]);
    }
  }
  expect([...imports.keys()].filter((name) => !(name in manifest.dependencies || name in manifest.peerDependencies))).toEqual([]);
  expect(Object.keys(manifest.dependencies).filter((name) => !imports.has(name))).toEqual([]);
  for (const store of Object.keys(manifest.peerDependencies)) expect(imports.get(store)?.every((bundle) => /Store-[\w-]+\.js$/.test(bundle))).toBe(true);
});

test('npx msgscope check gives the report and exit code of the checkout’s CLI', () => {
  for (const file of [ORPHAN, PRICED, ARCHIVE]) {
    const theirs = installed('check', file, '--json');
    expect(outcome(theirs)).toEqual(outcome(own('check', file, '--json')));
    expect(JSON.parse(theirs.stdout)).toHaveProperty('messages');
  }
  expect(installed('check', ORPHAN).status).toBe(1);
  expect(outcome(installed('check', PRICED))).toEqual(outcome(own('check', PRICED)));
  expect(outcome(installed('check', fixturePath('invalid.json')))).toEqual(outcome(own('check', fixturePath('invalid.json'))));
  expect(installed('check', fixturePath('invalid.json')).status).toBe(2);
});

test('npx msgscope convert, redact, repair, share, formats and --help write what the checkout’s CLI writes', () => {
  for (const to of ['openai-chat', 'anthropic', 'markdown'])
    expect(outcome(installed('convert', PRICED, '--to', to))).toEqual(outcome(own('convert', PRICED, '--to', to)));
  // The one HTML file comes from the built app's template, which the package carries.
  const html = join(project, 'run.html');
  expect(installed('convert', PRICED, '--to', 'html', '-o', html).status).toBe(0);
  const ownHtml = join(work, 'own.html');
  expect(own('convert', PRICED, '--to', 'html', '-o', ownHtml).status).toBe(0);
  expect(readFileSync(html, 'utf8')).toBe(readFileSync(ownHtml, 'utf8'));
  expect(readFileSync(html, 'utf8').length).toBeGreaterThan(100_000);
  expect(outcome(installed('redact', ORPHAN))).toEqual(outcome(own('redact', ORPHAN)));
  const repaired = installed('repair', ORPHAN, '--for', 'openai-chat');
  expect(repaired.status, repaired.stderr).toBe(0);
  expect(repaired.stderr).toContain('[orphan-tool-result] dropped #6');
  expect(outcome(repaired)).toEqual(outcome(own('repair', ORPHAN, '--for', 'openai-chat')));
  const link = installed('share', ORPHAN, '--keep-secrets');
  expect(link.status, link.stderr).toBe(0);
  expect(link.stdout).toMatch(/^http:\/\/127\.0\.0\.1:5178\/#h=\S+\n$/);
  expect(outcome(link)).toEqual(outcome(own('share', ORPHAN, '--keep-secrets')));
  expect(outcome(installed('formats'))).toEqual(outcome(own('formats')));
  expect(outcome(installed('--help'))).toEqual(outcome(own('--help')));
});

test('npx msgscope serve says which store package to install, and exits 2', () => {
  const sqlite = installed('serve', '--port', '0');
  expect(sqlite.status).toBe(2);
  expect(sqlite.stderr).toContain('the package better-sqlite3, which is not installed');
  expect(sqlite.stderr).toContain('npm install better-sqlite3@12');
  const s3 = installed('serve', '--port', '0', '--store', 's3://bucket/shares');
  expect(s3.status).toBe(2);
  expect(s3.stderr).toContain('the package @aws-sdk/client-s3, which is not installed');
});

test('npx msgscope open serves the packaged app with the file loaded', async ({ page }) => {
  // Its own process group, so that Ctrl+C reaches npx and the CLI it started alike.
  const child = spawn('npx', ['--no', '--', 'msgscope', 'open', PRICED, '--port', '0'], {
    cwd: project,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out)?.[0];
        if (found) done(found);
      });
      child.on('exit', (code) => fail(new Error(`msgscope open exited with ${code}: ${out}`)));
    });
    await page.goto(url);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-state', 'ready');
    await expect(timeline).toHaveAttribute('data-message-count', '7');
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
  }
});

test('import { readHistory, checkHistory } from "msgscope" gives the report of check --json, typed', () => {
  const script = join(project, 'check.mjs');
  writeFileSync(
    script,
    [
      "import { checkFails, checkHistory, readHistory } from 'msgscope';",
      'const report = await checkHistory(await readHistory(process.argv[2]));',
      'process.stdout.write(JSON.stringify({ report, fails: checkFails(report) }));',
    ].join('\n'),
  );
  for (const file of [ORPHAN, PRICED, ARCHIVE]) {
    const cli = own('check', file, '--json');
    const library = sh(process.execPath, [script, file], project);
    expect(library.status, library.stderr).toBe(0);
    expect(JSON.parse(library.stdout)).toEqual({ report: JSON.parse(cli.stdout) as unknown, fails: cli.status === 1 });
  }

  // The declarations, as a project on Node's own module resolution reads them: were any type behind the entry
  // unresolved (an import without its .js), it would be `any` and the @ts-expect-error lines would fail.
  writeFileSync(
    join(project, 'typed.ts'),
    [
      "import { checkHistory, HistoryError, readHistory, type CheckReport, type ReportFinding, type Verdict } from 'msgscope';",
      "const report: CheckReport = await checkHistory(await readHistory('history.json', { format: 'openai-chat' }));",
      "const errors: ReportFinding[] = report.findings.filter((f) => f.severity === 'error');",
      'const rejected: Verdict[] = report.verdicts.filter((v) => !v.accepted);',
      'const usd: number | null = report.cost.usd;',
      'export const summary = [errors.length, rejected.length, usd, report.tokens.total, new HistoryError("x").message];',
      '// @ts-expect-error: not a key of the report',
      'export const wrong = report.noSuchKey;',
      '// @ts-expect-error: a finding has no such severity',
      "export const never = report.findings.some((f) => f.severity === 'fatal');",
      '// @ts-expect-error: readHistory takes a path',
      'export const bad = readHistory(42);',
    ].join('\n'),
  );
  const tsc = sh(
    process.execPath,
    [
      join(REPO, 'node_modules/typescript/bin/tsc'),
      ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2023,dom'],
      ...['--strict', '--noEmit', '--skipLibCheck', 'false', 'typed.ts'],
    ],
    project,
  );
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
});

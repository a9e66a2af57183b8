// Proves that the layer rules bite: each probe breaks one rule in a copy of the repository and the
// typecheck or the lint must fail on that file. The real tree is never touched, so engineers linting
// or typechecking at the same time never see the probes.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const LAYER_CONFIGS = ['core', 'protocol', 'worker', 'store', 'ui', 'cli', 'lib', 'test', 'node'].map((name) => `tsconfig.${name}.json`);
const COPIED = ['src', 'package.json', 'eslint.config.js', 'tsconfig.json', 'tsconfig.base.json', ...LAYER_CONFIGS];

/** Each probe: a file that breaks one rule, and what the typecheck or the lint must say about it. */
const PROBES = {
  window: { file: 'src/core/layer-probe/usesWindow.ts', text: 'export const width = window.innerWidth;\n' },
  process: { file: 'src/core/layer-probe/usesProcess.ts', text: 'export const argv = process.argv;\n' },
  fs: { file: 'src/core/layer-probe/importsFs.ts', text: "import { readFileSync } from 'fs';\nexport const read = readFileSync;\n" },
  nodeFs: { file: 'src/core/layer-probe/importsNodeFs.ts', text: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n" },
  react: { file: 'src/core/layer-probe/importsReact.ts', text: "import { useState } from 'react';\nexport const hook = useState;\n" },
  store: { file: 'src/core/layer-probe/importsStore.ts', text: "import { useStore } from '../../store/store';\nexport const store = useStore;\n" },
  ui: { file: 'src/core/layer-probe/importsUi.ts', text: "import { App } from '../../ui/App';\nexport const app = App;\n" },
  cliFromUi: { file: 'src/ui/layer-probe/importsCli.ts', text: "import { run } from '../../cli/run';\nexport const cli = run;\n" },
  libFromCli: { file: 'src/cli/layer-probe/importsLib.ts', text: "import { checkHistory } from '../../lib/index';\nexport const check = checkHistory;\n" },
  storeFromComponent: {
    file: 'src/ui/components/layer-probe/importsStore.ts',
    text: "import { useStore } from '../../../store/store';\nexport const store = useStore;\n",
  },
  floating: {
    file: 'src/ui/layer-probe/floatingPromise.ts',
    text: 'async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\n',
  },
} as const;

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(join(ROOT, 'node_modules/.bin', command), args, { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

interface LintMessage {
  ruleId: string | null;
  message: string;
}

let copy: string;
let typecheck: Run;
let lint: Map<string, LintMessage[]>;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'msgscope-layers-'));
  for (const name of COPIED) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const { file, text } of Object.values(PROBES)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), text);
  }
  // Only the core project and only the probes: the whole typecheck and lint would take minutes. No
  // incremental build info, which would land in the real node_modules through the link.
  const [tsc, eslint] = await Promise.all([
    run('tsc', ['-p', 'tsconfig.core.json', '--incremental', 'false', '--pretty', 'false'], copy),
    run('eslint', ['--format', 'json', ...Object.values(PROBES).map((probe) => probe.file)], copy),
  ]);
  typecheck = tsc;
  const results = JSON.parse(eslint.output) as { filePath: string; messages: LintMessage[] }[];
  lint = new Map(results.map((result) => [result.filePath.slice(copy.length + 1), result.messages]));
}, 240_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The typecheck's errors about `file`. */
const typeErrors = (file: string): string[] => typecheck.output.split('\n').filter((line) => line.startsWith(`${file}(`));
/** The lint's messages about `file` from `rule`. */
const lintErrors = (file: string, rule: string): string[] => (lint.get(file) ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);

describe('the layer rules', () => {
  it('typecheck fails when a core file uses window', () => {
    expect(typecheck.code).not.toBe(0);
    expect(typeErrors(PROBES.window.file)).toEqual([expect.stringContaining("Cannot find name 'window'")]);
  });

  it('typecheck fails when a core file uses process', () => {
    expect(typeErrors(PROBES.process.file)).toEqual([expect.stringContaining("Cannot find name 'process'")]);
  });

  it("typecheck fails when a core file imports 'fs'", () => {
    expect(typeErrors(PROBES.fs.file)).toEqual([expect.stringMatching(/Cannot find (module|name) 'fs'/)]);
  });

  it("typecheck fails when a core file imports 'node:fs'", () => {
    expect(typeErrors(PROBES.nodeFs.file)).toEqual([expect.stringMatching(/Cannot find (module|name) 'node:fs'/)]);
  });

  it('lint fails when a core file imports react', () => {
    expect(lintErrors(PROBES.react.file, 'boundaries/dependencies')).toEqual([expect.stringContaining('src/core may import only src/core')]);
  });

  it('lint fails when a core file imports the store', () => {
    expect(lintErrors(PROBES.store.file, 'boundaries/dependencies')).toEqual([expect.stringContaining("'../../store/store' is not allowed here")]);
  });

  it('lint fails when a core file imports the ui', () => {
    expect(lintErrors(PROBES.ui.file, 'boundaries/dependencies')).toEqual([expect.stringContaining("'../../ui/App' is not allowed here")]);
  });

  it('lint fails when a ui file imports the cli', () => {
    expect(lintErrors(PROBES.cliFromUi.file, 'boundaries/dependencies')).toEqual([
      expect.stringContaining('src/ui may import only src/ui, src/store, src/protocol, src/core'),
    ]);
  });

  it('lint fails when the cli imports the library entry (nothing may: its exports are a contract)', () => {
    expect(lintErrors(PROBES.libFromCli.file, 'boundaries/dependencies')).toEqual([expect.stringContaining('src/cli may import only src/cli, src/core')]);
  });

  it('lint fails when a ui component reads the store', () => {
    expect(lintErrors(PROBES.storeFromComponent.file, 'no-restricted-imports')).toEqual([expect.stringContaining('src/ui/components take props only')]);
  });

  it('lint fails on a promise nobody awaits in the ui', () => {
    expect(lintErrors(PROBES.floating.file, '@typescript-eslint/no-floating-promises')).toHaveLength(1);
  });
});

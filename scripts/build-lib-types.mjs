// The library entry's declarations (`types` in package.json's `exports`): `node scripts/build-lib-types.mjs [OUT]`,
// by default into dist/lib/types. tsc emits a .d.ts for every file src/lib/index.ts reaches; only those its
// declarations reach are written, and their relative imports get the `.js` a Node ESM resolution needs: the
// sources import without extensions (moduleResolution bundler), and a consumer on `nodenext` would otherwise
// read every type behind such an import as `any` (skipLibCheck hides the error).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(process.argv[2] ?? join(ROOT, 'dist/lib/types'));
const SRC = join(ROOT, 'src');
const ENTRY = 'lib/index.d.ts';

const parsed = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.lib.json'),
  { noEmit: false, declaration: true, emitDeclarationOnly: true, incremental: false, rootDir: SRC, outDir: OUT },
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) },
);
if (!parsed) throw new Error('tsconfig.lib.json could not be read');

function fail(diagnostics) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}

const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const errors = ts.getPreEmitDiagnostics(program);
if (errors.length > 0) fail(errors);

/** Declarations by their path under OUT, posix style (`cli/report.d.ts`). */
const emitted = new Map();
const emit = program.emit(undefined, (file, text) => emitted.set(relative(OUT, file).split('\\').join('/'), text), undefined, true);
if (emit.diagnostics.length > 0) fail(emit.diagnostics);

// `from './x'`, `import('./x')` and `export * from './x'`: the specifiers a declaration file can hold.
const RELATIVE = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** The declaration file `specifier` names from `file`, and the specifier Node resolves to it. */
function resolveSpecifier(file, specifier) {
  const base = posix.join(posix.dirname(file), specifier.replace(/\.js$/, ''));
  if (emitted.has(`${base}.d.ts`)) return { target: `${base}.d.ts`, specifier: `${specifier.replace(/\.js$/, '')}.js` };
  if (emitted.has(`${base}/index.d.ts`)) return { target: `${base}/index.d.ts`, specifier: `${specifier}/index.js` };
  throw new Error(`${file}: no declarations for ${specifier}`);
}

const written = new Map();
const pending = [ENTRY];
while (pending.length > 0) {
  const file = pending.pop();
  if (written.has(file)) continue;
  const text = emitted.get(file);
  if (text === undefined) throw new Error(`tsc emitted no ${file}`);
  written.set(
    file,
    text.replace(RELATIVE, (_match, lead, quote, specifier) => {
      const resolved = resolveSpecifier(file, specifier);
      pending.push(resolved.target);
      return `${lead}${quote}${resolved.specifier}${quote}`;
    }),
  );
}

if (existsSync(OUT)) rmSync(OUT, { recursive: true });
for (const [file, text] of written) {
  mkdirSync(dirname(join(OUT, file)), { recursive: true });
  writeFileSync(join(OUT, file), text);
}
process.stdout.write(`${written.size} declaration files (of ${emitted.size} emitted) in ${relative(ROOT, OUT) || '.'}\n`);

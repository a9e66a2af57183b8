import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importStore, isMissingPackage, sqliteBindingHint } from './storePackage';

// The errors come from a real Node, not made up here: Vitest resolves imports itself, so a missing package would
// fail differently inside this process than in the built CLI.

const EMPTY = mkdtempSync(join(tmpdir(), 'msgscope-no-packages-'));
afterAll(() => rmSync(EMPTY, { recursive: true, force: true }));

/** The error Node's ESM loader throws for `import(name)` of a package that is not installed (in an empty folder). */
function nodeImportError(name: string): Error {
  const script = `import(${JSON.stringify(name)}).catch((e) => process.stdout.write(JSON.stringify({ code: e.code, message: e.message })))`;
  const { code, message } = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: EMPTY,
      encoding: 'utf8',
    }),
  ) as {
    code: string;
    message: string;
  };
  return Object.assign(new Error(message), { code });
}

/** The error better-sqlite3 throws when its native module was never built: its `bindings` package's, for a missing addon. */
function bindingsError(): string {
  const betterSqlite = join(import.meta.dirname, '../../../node_modules/better-sqlite3');
  const script = "try { require('bindings')('msgscope_no_such_addon.node') } catch (e) { process.stdout.write(e.message) }";
  return execFileSync(process.execPath, ['-e', script], { cwd: betterSqlite, encoding: 'utf8' });
}

describe('the share server stores’ packages', () => {
  it('knows Node’s error for a package that is not installed, and only for that package', () => {
    const missing = nodeImportError('msgscope-no-such-package');
    expect(isMissingPackage(missing, 'msgscope-no-such-package')).toBe(true);
    expect(isMissingPackage(missing, 'better-sqlite3')).toBe(false);
    expect(isMissingPackage(new Error("Cannot find package 'better-sqlite3'"), 'better-sqlite3')).toBe(false);
  });

  it('says what to install when better-sqlite3 or the AWS SDK is missing', async () => {
    const sqlite = importStore(() => Promise.reject(nodeImportError('better-sqlite3')), 'better-sqlite3');
    await expect(sqlite).rejects.toThrow(/the package better-sqlite3, which is not installed.*npm install better-sqlite3@12.*--store s3:\/\//);
    const s3 = importStore(() => Promise.reject(nodeImportError('@aws-sdk/client-s3')), '@aws-sdk/client-s3');
    await expect(s3).rejects.toThrow(/the package @aws-sdk\/client-s3, which is not installed.*npm install @aws-sdk\/client-s3@3/);
  });

  it('passes any other failure on as it is', async () => {
    const other = new Error('disk full');
    await expect(importStore(() => Promise.reject(other), 'better-sqlite3')).rejects.toBe(other);
    await expect(importStore(() => Promise.resolve({ store: 1 }), 'better-sqlite3')).resolves.toEqual({ store: 1 });
  });

  it('says how to build better-sqlite3’s native module when it was never built', () => {
    expect(sqliteBindingHint(new Error(bindingsError()))).toBe(
      "better-sqlite3's native module is not built (its install script did not run): run npm rebuild better-sqlite3 beside msgscope",
    );
    expect(sqliteBindingHint(new Error('EACCES: permission denied'))).toBe('EACCES: permission denied');
  });
});

// The share server's stores are the only commands' code that needs packages msgscope's own package does not
// install: better-sqlite3 (a native module, built from source where no prebuilt binary can be downloaded: over a
// minute, and a C++ compiler) and the AWS SDK. package.json names both as optional peer dependencies, so that
// `npm install msgscope` for `check` in CI stays quick; `msgscope serve` says what to install instead of failing
// on an import (README, "Use it in another project").

const SQLITE = 'better-sqlite3';
const S3 = '@aws-sdk/client-s3';

const INSTALL: Record<string, string> = {
  [SQLITE]:
    `msgscope serve keeps its shares in SQLite through the package ${SQLITE}, which is not installed. Install it beside msgscope ` +
    `(npm install ${SQLITE}@12; a native module: a prebuilt binary where one is published for this platform and Node, ` +
    `else a build that needs Python and a C++ compiler), or keep the shares in S3-compatible storage with --store s3://BUCKET/PREFIX ` +
    `(npm install ${S3}@3).`,
  [S3]: `msgscope serve --store s3://… reaches the storage through the package ${S3}, which is not installed. Install it beside msgscope (npm install ${S3}@3).`,
};

/** Whether `error` is Node's for an import of `name` that is not installed (ERR_MODULE_NOT_FOUND: "Cannot find package 'name' …"). */
export function isMissingPackage(error: unknown, name: string): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`'${name}'`);
}

/** Imports a store's module, whose package may not be installed: then the error says which and how to install it. */
export async function importStore<T>(load: () => Promise<T>, name: typeof SQLITE | typeof S3): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, name)) throw new Error(INSTALL[name], { cause: error });
    throw error;
  }
}

/**
 * better-sqlite3 installed without its native module (its install script was skipped: --ignore-scripts, or npm's
 * allowScripts policy refused it) fails on first use with "Could not locate the bindings file"; this says how to build it.
 */
export function sqliteBindingHint(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /could not locate the bindings file/i.test(message)
    ? `${SQLITE}'s native module is not built (its install script did not run): run npm rebuild ${SQLITE} beside msgscope`
    : message;
}

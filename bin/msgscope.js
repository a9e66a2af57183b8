#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli/msgscope.js', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('msgscope: the CLI is not built yet; run `npm run build` (npm ci does it for you).\n');
  process.exit(2);
}
await import(bundle);

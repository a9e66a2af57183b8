import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { historyText } from './generate.mjs';
import { startServer } from './server.mjs';

/**
 * Runs one browser benchmark on its own (`node scripts/bench/<name>.mjs [--size N] [--app DIR]`): a generated
 * history of N messages served beside the built app, its figures printed as JSON and as the lines
 * docs/BENCHMARKS.md shows, with the machine's load so a figure taken beside other work says so.
 */
export async function runAlone({ sizeEnv, measure, lines }) {
  const { values } = parseArgs({ options: { size: { type: 'string' }, app: { type: 'string' } } });
  const root = new URL('../../', import.meta.url).pathname;
  const n = Number(values.size ?? process.env[sizeEnv] ?? 100_000);
  const appDir = values.app ?? process.env.BENCH_APP ?? `${root}dist/app`;
  if (!existsSync(`${appDir}/index.html`)) throw new Error(`No app build in ${appDir}: vite build --outDir DIR, then --app DIR`);
  const outDir = `${root}bench/out`;
  mkdirSync(outDir, { recursive: true });
  const file = `${outDir}/history-${n}.json`;
  if (!existsSync(file)) writeFileSync(file, historyText(n));
  const server = await startServer(appDir, outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const load = loadavg()[0];
  try {
    const result = await measure(browser, server.origin, `/__bench/history-${n}.json`, n);
    console.log(JSON.stringify(result));
    console.log(lines(result, { alone: { load: Math.max(load, loadavg()[0]) } }).join('\n'));
  } finally {
    await browser.close();
    server.close();
  }
}

// `npm run bench`: opens generated histories in the built app in Chromium and measures load, memory,
// jump and scroll against the browser's own fetch + JSON.parse of the same file, then the CLI against
// Node's own read + JSON.parse, and the gzipped JavaScript the first paint needs. Writes docs/BENCHMARKS.md.
import { mkdirSync, writeFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { chromium } from '@playwright/test';
import { historyText } from './generate.mjs';
import { startServer } from './server.mjs';
import { measureLoad, measureFloor, measureJumpToLast, measureScroll, measureHeap } from './browser.mjs';
import { initialJsGzipBytes } from './bundle.mjs';
import { measureCli } from './cli.mjs';

const root = new URL('../../', import.meta.url).pathname;
const outDir = `${root}bench/out`;
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const cliSize = Number(process.env.BENCH_CLI_SIZE ?? 1_000_000);

if (!existsSync(`${root}dist/app/index.html`) || !existsSync(`${root}dist/cli/msgscope.js`)) {
  throw new Error('Build first: npm run build');
}
mkdirSync(outDir, { recursive: true });
for (const n of sizes) {
  const file = `${outDir}/history-${n}.json`;
  if (!existsSync(file)) writeFileSync(file, historyText(n));
}

const server = await startServer(`${root}dist/app`, outDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const rows = [];
try {
  for (const n of sizes) {
    const url = `/__bench/history-${n}.json`;
    const bytes = statSync(`${outDir}/history-${n}.json`).size;
    const floor = await measureFloor(browser, server.origin, url);
    const { page, context, readyMs } = await measureLoad(browser, server.origin, url, n);
    const heap = await measureHeap(browser, page);
    const jumpMs = await measureJumpToLast(page, n);
    const scroll = await measureScroll(page, 5000);
    await context.close();
    rows.push({ n, bytes, floor, readyMs, heap, jumpMs, scroll });
    console.log(JSON.stringify(rows.at(-1)));
  }
} finally {
  await browser.close();
  server.close();
}

const cli = measureCli(root, outDir, cliSize);
console.log(JSON.stringify(cli));
const gzip = initialJsGzipBytes(`${root}dist/app`);

const mb = (b) => (b / 1e6).toFixed(1) + ' MB';
const ms = (x) => Math.round(x) + ' ms';
const lines = [
  '# Benchmarks',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.version ? 'Chromium ' + browser.version() : 'Chromium'} (headless).`,
  'Histories are generated LangChain stored messages (scripts/bench/generate.mjs): turns of human → AI with 1–3 parallel tool calls → results → answer.',
  '',
  '## Browser',
  '',
  '| messages | file | floor: fetch + JSON.parse | navigation → ready, first cards painted | × floor | JS heap after load (page + worker) | × file | jump to last | scroll 5 s p95 frame |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) =>
    `| ${r.n.toLocaleString('en')} | ${mb(r.bytes)} | ${ms(r.floor)} | ${ms(r.readyMs)} | ${(r.readyMs / r.floor).toFixed(2)} | ${mb(r.heap)} | ${(r.heap / r.bytes).toFixed(2)} | ${ms(r.jumpMs)} | ${r.scroll.p95.toFixed(1)} ms (${r.scroll.frames} frames) |`,
  ),
  '',
  'Targets: ready ≤ 1.5 × floor at 100k (stretch 1.2 ×) and ≤ 500 ms at 1k; heap ≤ 3 × file; jump ≤ 100 ms; scroll p95 ≤ 16.7 ms.',
  '',
  '## CLI',
  '',
  '| messages | file | floor: Node read + JSON.parse | `msgscope check --json` | × floor |',
  '|---:|---:|---:|---:|---:|',
  `| ${cli.n.toLocaleString('en')} | ${mb(cli.bytes)} | ${ms(cli.floorMs)} | ${ms(cli.checkMs)} | ${(cli.checkMs / cli.floorMs).toFixed(2)} |`,
  '',
  'Target: ≤ 1.5 × floor.',
  '',
  '## Bundle',
  '',
  `Initial JavaScript for first paint (entry + its static imports, gzipped): ${(gzip / 1024).toFixed(1)} KB (target ≤ 250 KB).`,
  '',
];
const previous = existsSync(`${root}docs/BENCHMARKS.md`) ? readFileSync(`${root}docs/BENCHMARKS.md`, 'utf8') : '';
const history = previous.includes('## Earlier runs') ? previous.slice(previous.indexOf('## Earlier runs')) : '## Earlier runs\n';
writeFileSync(`${root}docs/BENCHMARKS.md`, lines.join('\n') + '\n' + history);
console.log(lines.join('\n'));

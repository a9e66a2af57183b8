// The share server under load: `msgscope serve` (the built CLI, SQLite store in a temporary directory) on
// 127.0.0.1 takes SHARES random blobs of SIZE bytes (random, as ciphertext is), CONCURRENCY uploads at a time;
// then every blob is read back and compared, the server is stopped with SIGTERM and started again on the same
// directory, and every blob is read back once more. Anything missing or different is counted as lost.
//
//   node scripts/bench/shareLoad.mjs [--cli dist/cli/msgscope.js] [--shares 200] [--size 1000000] [--concurrency 20]
//
// `npm run bench` runs it too and puts the figures in docs/BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Starts `msgscope serve` and resolves with its URL and a stop() that sends SIGTERM and resolves with the exit code. */
function startServer(cli, data) {
  // The limit is raised for the bench: every upload comes from the one address 127.0.0.1.
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', data, '--upload-rate', '1000000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  return new Promise((done, fail) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const url = /^http:\S+/m.exec(stdout)?.[0];
      if (url) done({ url, stop: () => (child.kill('SIGTERM'), exited), log: () => stderr });
    });
    exited.then((code) => fail(new Error(`msgscope serve exited ${code} before printing its URL:\n${stderr}`)));
  });
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, work) {
  let next = 0;
  const results = new Array(items.length);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

async function timed(work) {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** Reads every share back; how many are missing or differ, and each read's time. */
async function readBack(url, shares, concurrency) {
  const reads = await pool(shares, concurrency, async (share) =>
    timed(async () => {
      const answer = await fetch(new URL(`/api/shares/${share.id}`, url));
      return answer.status === 200 && sha256(new Uint8Array(await answer.arrayBuffer())) === share.hash;
    }),
  );
  return { lost: reads.filter((read) => !read.value).length, ms: reads.map((read) => read.ms) };
}

export async function measureShareLoad({ cli, shares = 200, size = 1_000_000, concurrency = 20 }) {
  const data = mkdtempSync(join(tmpdir(), 'msgscope-share-load-'));
  try {
    const blobs = Array.from({ length: shares }, () => randomBytes(size));
    let server = await startServer(cli, data);
    const { value: puts, ms: putWallMs } = await timed(() =>
      pool(blobs, concurrency, (blob) =>
        timed(async () => {
          const answer = await fetch(new URL('/api/shares?expires=1d', server.url), {
            method: 'POST',
            body: blob,
            headers: { 'content-type': 'application/octet-stream' },
          });
          const body = await answer.json();
          if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(body)}`);
          return { id: body.id, hash: sha256(blob) };
        }),
      ),
    );
    const stored = puts.map((put) => put.value);
    const { value: first, ms: getWallMs } = await timed(() => readBack(server.url, stored, concurrency));
    const stopCode = await server.stop();
    server = await startServer(cli, data);
    const second = await readBack(server.url, stored, concurrency);
    const restartStopCode = await server.stop();
    const putMs = puts.map((put) => put.ms);
    return {
      shares,
      size,
      concurrency,
      putWallMs,
      putPerSecond: shares / (putWallMs / 1000),
      putMBps: (shares * size) / 1e6 / (putWallMs / 1000),
      putP50: percentile(putMs, 50),
      putP95: percentile(putMs, 95),
      getWallMs,
      getP95: percentile(first.ms, 95),
      lostBeforeRestart: first.lost,
      lostAfterRestart: second.lost,
      stopCodes: [stopCode, restartStopCode],
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
      load: loadavg()[0],
    };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const ms = (x) => `${Math.round(x)} ms`;

/** The section of docs/BENCHMARKS.md. */
export function shareLoadLines(r) {
  return [
    '## Share server',
    '',
    `\`msgscope serve\` (SQLite store, WAL, synchronous=FULL) on 127.0.0.1, scripts/bench/shareLoad.mjs: ${r.shares} shares of ${(r.size / 1e6).toFixed(1)} MB (random bytes, as ciphertext is), ${r.concurrency} at a time, from one client; then each read back and compared, the server stopped with SIGTERM (exit ${r.stopCodes[0]}), started again on the same directory, and each read back again. ${r.cpus}, Node ${process.version}, 1-minute load average ${r.load.toFixed(1)} at the end (the client and the server share the machine).`,
    '',
    '| uploads | wall time | throughput | upload p50 / p95 | read back: wall time, p95 | lost: before / after restart |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${r.shares} × ${(r.size / 1e6).toFixed(1)} MB | ${ms(r.putWallMs)} | ${r.putPerSecond.toFixed(1)} shares/s, ${r.putMBps.toFixed(1)} MB/s | ${ms(r.putP50)} / ${ms(r.putP95)} | ${ms(r.getWallMs)}, ${ms(r.getP95)} | ${r.lostBeforeRestart} / ${r.lostAfterRestart} |`,
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      cli: { type: 'string', default: new URL('../../dist/cli/msgscope.js', import.meta.url).pathname },
      shares: { type: 'string' },
      size: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  const result = await measureShareLoad({
    cli: values.cli,
    ...(values.shares && { shares: Number(values.shares) }),
    ...(values.size && { size: Number(values.size) }),
    ...(values.concurrency && { concurrency: Number(values.concurrency) }),
  });
  console.log(JSON.stringify(result));
  console.log(shareLoadLines(result).join('\n'));
  if (result.lostBeforeRestart + result.lostAfterRestart > 0 || result.stopCodes.some((code) => code !== 0)) process.exitCode = 1;
}

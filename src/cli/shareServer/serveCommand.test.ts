import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openShare, sealShare } from '../../core/share/encrypt';
import { run } from '../run';
import { fakeIo, type FakeIo } from '../testing/io';
import { startLocalS3, type LocalS3 } from '../testing/s3rver';
import { DATABASE_FILE } from './sqliteStore';

function builtApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'msgscope-serve-app-'));
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>msgscope</title>');
  return app;
}

interface Serving {
  url: URL;
  io: FakeIo;
  exit: Promise<number>;
}

/** `msgscope serve ARGS` running, with the URL it printed (or its exit code, if it stopped before printing one). */
async function serving(args: string[], app = builtApp()): Promise<Serving> {
  let printed: (url: string) => void = () => {};
  const url = new Promise<string>((done) => (printed = done));
  const io = fakeIo({ appDir: app, onStdout: (text) => printed(/^http:\S+/m.exec(text)?.[0] ?? '') });
  const exit = run(['serve', '--port', '0', ...args], io);
  const first = await Promise.race([url, exit]);
  if (typeof first === 'number') throw new Error(`msgscope serve exited ${first}: ${io.err}`);
  return { url: new URL(first), io, exit };
}

async function stop(server: Serving): Promise<number> {
  server.io.stop();
  return server.exit;
}

/** Every byte of every file under `dir`, the SQLite file, its write-ahead log and anything else. */
function everyByteUnder(dir: string): Buffer {
  return Buffer.concat(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dir, name))
      .filter((path) => statSync(path).isFile())
      .map((path) => readFileSync(path)),
  );
}

const HISTORY = new TextEncoder().encode(JSON.stringify([{ role: 'user', content: 'PLAINTEXT-MARKER-7f3a: the secret plans' }]));

async function uploadSealed(url: URL, expires = '30d'): Promise<{ id: string; key: string; deleteToken: string }> {
  const { blob, key } = await sealShare(HISTORY, { name: 'plans.json' });
  const answer = await fetch(new URL(`/api/shares?expires=${expires}`, url), {
    method: 'POST',
    body: Buffer.from(blob),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(answer.status).toBe(201);
  const { id, deleteToken } = (await answer.json()) as { id: string; deleteToken: string };
  return { id, key, deleteToken };
}

async function opens(url: URL, id: string, key: string): Promise<string> {
  const answer = await fetch(new URL(`/api/shares/${id}`, url));
  expect(answer.status).toBe(200);
  const opened = await openShare(new Uint8Array(await answer.arrayBuffer()), key);
  if ('error' in opened) throw new Error(opened.message);
  expect(opened.meta).toEqual({ name: 'plans.json' });
  return new TextDecoder().decode(opened.bytes);
}

describe('msgscope serve', () => {
  it('prints its URL, serves the app and the API, and stops on Ctrl+C', async () => {
    const data = mkdtempSync(join(tmpdir(), 'msgscope-serve-data-'));
    const server = await serving(['--data', data]);
    expect(server.url.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.io.out).toContain(`blobs in SQLite ${join(data, DATABASE_FILE)}`);
    expect(await (await fetch(server.url)).text()).toContain('<title>msgscope</title>');
    expect(await (await fetch(new URL('/api/config', server.url))).json()).toMatchObject({ shortLinks: true, maxBytes: 50_000_000 });
    expect(await stop(server)).toBe(0);
    expect(server.io.err).toContain('msgscope: stopped');
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it('keeps every share across a restart, and its database holds no plaintext', async () => {
    const data = mkdtempSync(join(tmpdir(), 'msgscope-serve-data-'));
    const first = await serving(['--data', data]);
    const shares = [await uploadSealed(first.url), await uploadSealed(first.url, 'never'), await uploadSealed(first.url, '1d')];
    expect(await opens(first.url, shares[0]?.id ?? '', shares[0]?.key ?? '')).toContain('PLAINTEXT-MARKER-7f3a');
    expect(await stop(first)).toBe(0);

    const stored = everyByteUnder(data);
    expect(stored.length).toBeGreaterThan(0);
    for (const plain of ['PLAINTEXT-MARKER-7f3a', 'secret plans', 'plans.json']) expect(stored.includes(Buffer.from(plain))).toBe(false);
    for (const { key, deleteToken } of shares) {
      expect(stored.includes(Buffer.from(key))).toBe(false);
      expect(stored.includes(Buffer.from(deleteToken))).toBe(false);
    }

    const second = await serving(['--data', data]);
    try {
      for (const { id, key } of shares) expect(await opens(second.url, id, key)).toBe(new TextDecoder().decode(HISTORY));
      expect(second.io.err).not.toContain('PLAINTEXT');
    } finally {
      expect(await stop(second)).toBe(0);
    }
  });

  it('applies --max-bytes and --upload-rate', async () => {
    const server = await serving(['--data', mkdtempSync(join(tmpdir(), 'msgscope-serve-data-')), '--max-bytes', '100', '--upload-rate', '2']);
    try {
      const post = (size: number) =>
        fetch(new URL('/api/shares', server.url), { method: 'POST', body: new Uint8Array(size), headers: { 'content-type': 'application/octet-stream' } });
      expect((await post(101)).status).toBe(413);
      expect((await post(100)).status).toBe(201);
      const refused = await post(1);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
    } finally {
      await stop(server);
    }
  });

  it('refuses to start without the built app, on a port that is taken, or with both --data and --store', async () => {
    const noApp = fakeIo({ appDir: mkdtempSync(join(tmpdir(), 'msgscope-empty-')) });
    expect(await run(['serve', '--port', '0'], noApp)).toBe(2);
    expect(noApp.err).toMatch(/the app is not built/);

    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as { port: number }).port;
    try {
      const io = fakeIo({ appDir: builtApp() });
      expect(await run(['serve', '--port', String(port), '--data', mkdtempSync(join(tmpdir(), 'msgscope-serve-data-'))], io)).toBe(2);
      expect(io.err).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    } finally {
      taken.close();
    }

    const both = fakeIo({ appDir: builtApp() });
    expect(await run(['serve', '--data', 'x', '--store', 's3://b/p'], both)).toBe(2);
    expect(both.err).toMatch(/Give one of them/);
  });

  it('says when the data directory cannot be used', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'msgscope-serve-data-')), 'a-file');
    writeFileSync(file, 'x');
    const io = fakeIo({ appDir: builtApp() });
    expect(await run(['serve', '--port', '0', '--data', join(file, 'below')], io)).toBe(2);
    expect(io.err).toMatch(/msgscope: cannot open the store: .*(ENOTDIR|EEXIST)/);
  });
});

describe('msgscope serve --store s3://', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());
  afterEach(() => vi.unstubAllEnvs());

  function s3Env(): void {
    vi.stubEnv('AWS_ENDPOINT_URL', s3.endpoint);
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.credentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.credentials.secretAccessKey);
    vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
  }

  it('keeps blobs in the bucket, where two instances share them and a restart finds them', async () => {
    s3Env();
    const args = ['--store', `s3://${s3.bucket}/team/shares`, '--s3-path-style'];
    const one = await serving(args);
    const two = await serving(args);
    try {
      expect(one.io.out).toContain(`blobs in S3 s3://${s3.bucket}/team/shares/`);
      const share = await uploadSealed(one.url);
      expect(await opens(two.url, share.id, share.key)).toBe(new TextDecoder().decode(HISTORY));
      const deleted = await fetch(new URL(`/api/shares/${share.id}`, two.url), { method: 'DELETE', headers: { 'x-delete-token': share.deleteToken } });
      expect(deleted.status).toBe(204);
      expect((await fetch(new URL(`/api/shares/${share.id}`, one.url))).status).toBe(404);
      const kept = await uploadSealed(two.url, 'never');
      await stop(two);
      await stop(one);
      const again = await serving(args);
      try {
        expect(await opens(again.url, kept.id, kept.key)).toBe(new TextDecoder().decode(HISTORY));
      } finally {
        await stop(again);
      }
      // What s3rver wrote to disk is ciphertext only.
      const stored = everyByteUnder(s3.directory);
      expect(stored.includes(Buffer.from('PLAINTEXT-MARKER-7f3a'))).toBe(false);
    } finally {
      one.io.stop();
      two.io.stop();
    }
  });

  it('says at start when the bucket does not answer', async () => {
    s3Env();
    const io = fakeIo({ appDir: builtApp() });
    expect(await run(['serve', '--port', '0', '--store', 's3://no-such-bucket', '--s3-path-style'], io)).toBe(2);
    expect(io.err).toMatch(/msgscope: cannot open the store: bucket no-such-bucket does not answer/);
  });

  it('refuses a store URL that is not s3://', async () => {
    const io = fakeIo({ appDir: builtApp() });
    expect(await run(['serve', '--store', 'sqlite:/tmp/x'], io)).toBe(2);
    expect(io.err).toMatch(/--store takes s3:\/\/BUCKET\/PREFIX/);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEADER_BYTES, SECURITY_HEADERS } from '../serve';
import { ask, rawRequest, type Answer, type Ask } from '../testing/http';
import { createShareServer, type ShareServer, type ShareServerOptions } from './shareServer';
import { shareIdExpiry, newShareId } from './shareId';
import { openSqliteStore } from './sqliteStore';
import type { ShareStore } from './store';

const DAY = 86_400_000;
const START = Date.UTC(2026, 11, 2, 12, 0, 0, 500);
const OCTETS = { 'content-type': 'application/octet-stream' };

function builtApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'msgscope-share-app-'));
  mkdirSync(join(app, 'assets'));
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>msgscope</title>');
  writeFileSync(join(app, 'assets', 'main.js'), 'console.log(1)');
  return app;
}

interface Running {
  port: number;
  share: ShareServer;
  store: ShareStore;
  clock: { now: number };
  log: string[];
  call(path: string, options?: Ask): Promise<Answer>;
  upload(blob: Uint8Array, query?: string, headers?: Record<string, string>): Promise<Answer>;
}

async function start(options: Partial<ShareServerOptions> = {}): Promise<Running> {
  const clock = { now: START };
  const log: string[] = [];
  const store = openSqliteStore(mkdtempSync(join(tmpdir(), 'msgscope-share-data-')));
  const share = createShareServer({ appDir: builtApp(), store, now: () => clock.now, log: (line) => log.push(line), uploadsPerMinute: 1000, ...options });
  await new Promise<void>((done) => share.server.listen(0, '127.0.0.1', done));
  const { port } = share.server.address() as AddressInfo;
  const call = (path: string, ask_: Ask = {}): Promise<Answer> => ask(port, path, { ...ask_, headers: { host: `127.0.0.1:${port}`, ...ask_.headers } });
  const upload = (blob: Uint8Array, query = '', headers: Record<string, string> = {}): Promise<Answer> =>
    call(`/api/shares${query}`, { method: 'POST', body: blob, headers: { ...OCTETS, ...headers } });
  return { port, share, store, clock, log, call, upload };
}

interface Created {
  id: string;
  deleteToken: string;
  expiresAt: string | null;
}

function created(answer: Answer): Created {
  expect(answer.status).toBe(201);
  const body = answer.json as Partial<Created>;
  expect(typeof body.id).toBe('string');
  expect(typeof body.deleteToken).toBe('string');
  return { id: body.id ?? '', deleteToken: body.deleteToken ?? '', expiresAt: body.expiresAt ?? null };
}

describe('the share API', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.share.close());

  it('says what it takes', async () => {
    const answer = await s.call('/api/config');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toEqual({ shortLinks: true, maxBytes: 50_000_000, expires: ['1d', '30d', 'never'], defaultExpires: '30d' });
  });

  it('stores a blob and gives it back byte for byte', async () => {
    const blob = new Uint8Array(randomBytes(300_000));
    const answer = await s.upload(blob);
    const share = created(answer);
    expect(share.id).toMatch(/^[0-9a-z]{7}[\w-]{22}$/);
    expect(share.deleteToken).toMatch(/^[\w-]{43}$/);
    expect(answer.headers.location).toBe(`/api/shares/${share.id}`);
    const back = await s.call(`/api/shares/${share.id}`);
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('application/octet-stream');
    expect(back.headers['cache-control']).toBe('no-store');
    expect(back.body.equals(Buffer.from(blob))).toBe(true);
    const head = await s.call(`/api/shares/${share.id}`, { method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '300000', 0]);
  });

  it('keeps the delete token only as a hash', async () => {
    const share = created(await s.upload(new Uint8Array([1, 2, 3])));
    const metadata = await s.store.metadata(share.id);
    expect(metadata?.deleteTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(metadata)).not.toContain(share.deleteToken);
  });

  it('expires a share after the time chosen: 30 days by default, 1 day, or never', async () => {
    const byDefault = created(await s.upload(new Uint8Array([1])));
    const oneDay = created(await s.upload(new Uint8Array([2]), '?expires=1d'));
    const never = created(await s.upload(new Uint8Array([3]), '?expires=never'));
    // Whole seconds, rounded up: the time said is the time kept.
    expect(byDefault.expiresAt).toBe(new Date(Math.ceil((START + 30 * DAY) / 1000) * 1000).toISOString());
    expect(oneDay.expiresAt).toBe('2026-12-03T12:00:01.000Z');
    expect(never.expiresAt).toBeNull();
    expect(shareIdExpiry(oneDay.id)).toEqual({ expiresAt: Date.parse('2026-12-03T12:00:01.000Z') });

    s.clock.now = START + DAY - 1000;
    expect((await s.call(`/api/shares/${oneDay.id}`)).status).toBe(200);
    s.clock.now = START + DAY + 1000;
    const gone = await s.call(`/api/shares/${oneDay.id}`);
    expect(gone.status).toBe(410);
    expect(gone.json).toEqual({ error: 'This share has expired' });
    // Purged when found expired, and still 410 afterwards: the id says when it expired.
    expect(await s.store.metadata(oneDay.id)).toBeUndefined();
    expect((await s.call(`/api/shares/${oneDay.id}`)).status).toBe(410);
    expect((await s.call(`/api/shares/${byDefault.id}`)).status).toBe(200);

    s.clock.now = START + 31 * DAY;
    expect(await s.share.purge()).toBeGreaterThanOrEqual(1);
    expect(await s.store.metadata(byDefault.id)).toBeUndefined();
    expect((await s.call(`/api/shares/${byDefault.id}`)).status).toBe(410);
    s.clock.now = START + 10_000 * DAY;
    expect((await s.call(`/api/shares/${never.id}`)).body).toEqual(Buffer.from([3]));
    s.clock.now = START;
  });

  it('refuses an expiry it does not offer', async () => {
    for (const query of ['?expires=2d', '?expires=', '?expires=NEVER', '?expires=__proto__']) {
      const answer = await s.upload(new Uint8Array([1]), query);
      expect(answer.status, query).toBe(400);
      expect(answer.json).toEqual({ error: 'expires must be one of 1d, 30d, never' });
    }
  });

  it('deletes with the right token only', async () => {
    const share = created(await s.upload(new Uint8Array([7, 7])));
    const path = `/api/shares/${share.id}`;
    for (const headers of [
      {},
      { 'x-delete-token': 'wrong' },
      { 'x-delete-token': share.deleteToken.slice(1) },
      { 'x-delete-token': `${share.deleteToken}x` },
    ]) {
      const answer = await s.call(path, { method: 'DELETE', headers });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ error: 'Wrong delete token' });
    }
    expect((await s.call(path)).status).toBe(200);
    const deleted = await s.call(path, { method: 'DELETE', headers: { 'x-delete-token': share.deleteToken } });
    expect([deleted.status, deleted.body.length]).toEqual([204, 0]);
    expect((await s.call(path)).status).toBe(404);
    expect((await s.call(path, { method: 'DELETE', headers: { 'x-delete-token': share.deleteToken } })).status).toBe(404);
  });

  it('answers 404 for an id it does not have', async () => {
    for (const id of [newShareId(START + DAY), newShareId(null), 'nope', '..%2fconfig', '%00', `${newShareId(null)}x`, '']) {
      const answer = await s.call(`/api/shares/${id}`);
      expect(answer.status, id).toBe(404);
    }
    expect((await s.call('/api/shares/a/b')).status).toBe(404);
    expect((await s.call('/api/other')).json).toEqual({ error: 'No such API' });
  });

  it('takes only octet streams, only by POST, and no body where none belongs', async () => {
    expect((await s.upload(new Uint8Array([1]), '', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await s.call('/api/shares', { method: 'POST', body: 'x' })).status).toBe(415);
    expect((await s.call('/api/shares')).status).toBe(405);
    expect((await s.call('/api/config', { method: 'POST', body: 'x', headers: OCTETS })).status).toBe(405);
    expect(await s.upload(new Uint8Array([]))).toMatchObject({ status: 400, json: { error: 'The share is empty' } });
    expect((await s.call(`/api/shares/${newShareId(null)}`, { method: 'DELETE', body: 'x' })).status).toBe(413);
    expect((await s.call('/', { method: 'POST', body: 'x' })).status).toBe(413);
  });

  it('serves the built app like msgscope open', async () => {
    const page = await s.call('/');
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body.toString()).toContain('<title>msgscope</title>');
    expect((await s.call('/assets/main.js')).body.toString()).toBe('console.log(1)');
    expect((await s.call('/..%2f..%2fetc/passwd')).status).toBe(403);
    expect((await s.call('/nope.js')).status).toBe(404);
  });

  it('answers only to its own names: a DNS-rebinding page gets 421', async () => {
    const share = created(await s.upload(Buffer.from('REBIND-MARKER')));
    for (const host of [`localhost:${s.port}`, `[::1]:${s.port}`, `127.0.0.1:${s.port}`]) {
      expect((await ask(s.port, `/api/shares/${share.id}`, { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['evil.example', `evil.example:${s.port}`, `127.0.0.1:${s.port + 1}`, `127.0.0.1.nip.io:${s.port}`]) {
      for (const path of [`/api/shares/${share.id}`, '/', '/api/config']) {
        const answer = await ask(s.port, path, { headers: { host } });
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.body.toString()).not.toContain('REBIND-MARKER');
      }
      expect((await ask(s.port, '/api/shares', { method: 'POST', body: 'x', headers: { host, ...OCTETS } })).status).toBe(421);
    }
  });

  it('sends the security headers with every response, errors included', async () => {
    const share = created(await s.upload(new Uint8Array([5])));
    const answers = [
      await s.call('/'),
      await s.call('/api/config'),
      await s.upload(new Uint8Array([1])),
      await s.call(`/api/shares/${share.id}`),
      await s.call(`/api/shares/${share.id}`, { method: 'DELETE', headers: { 'x-delete-token': 'no' } }),
      await s.call(`/api/shares/${share.id}`, { method: 'DELETE', headers: { 'x-delete-token': share.deleteToken } }),
      await s.call(`/api/shares/${share.id}`),
      await s.upload(new Uint8Array([1]), '?expires=3d'),
      await s.upload(new Uint8Array([1]), '', { 'content-type': 'text/plain' }),
      await ask(s.port, '/api/config', { headers: { host: 'evil.example' } }),
      await s.call('/nope'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 201, 200, 403, 204, 404, 400, 415, 421, 404]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], `${name} of a ${answer.status}`).toBe(value);
    }
  });

  it('logs method, route, status and size: no id, token, query or content', async () => {
    s.log.length = 0;
    const marker = Buffer.from('PLAINTEXT-MARKER-in-the-log');
    const share = created(await s.upload(marker, '?expires=1d'));
    await s.call(`/api/shares/${share.id}`);
    await s.call(`/api/shares/${share.id}`, { method: 'DELETE', headers: { 'x-delete-token': share.deleteToken } });
    await s.call('/?src=https://example.com/secret-history.json');
    await new Promise((done) => setTimeout(done, 50));
    expect(s.log).toHaveLength(4);
    expect(s.log[0]).toMatch(/^2026-12-02T12:00:00\.500Z POST \/api\/shares 201 27 B \d+ ms$/);
    expect(s.log[1]).toMatch(/ GET \/api\/shares\/:id 200 27 B /);
    expect(s.log[2]).toMatch(/ DELETE \/api\/shares\/:id 204 0 B /);
    expect(s.log[3]).toMatch(/ GET \/ 200 0 B /);
    const all = s.log.join('\n');
    for (const secret of [share.id, share.deleteToken, 'PLAINTEXT', 'expires', 'secret-history', '127.0.0.1']) expect(all).not.toContain(secret);
  });

  it('allows no other origin unless told', async () => {
    const preflight = await s.call('/api/shares', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await s.call('/api/config', { headers: { origin: 'https://app.example' } })).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('requests Node cannot take', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.share.close());

  it('answers them with the security headers too: no Host 421, too-large headers 431, garbage 400', async () => {
    const answers = [
      await rawRequest(s.port, 'GET /api/config HTTP/1.1\r\nConnection: close\r\n\r\n'),
      await rawRequest(s.port, `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX-Filler: ${'a'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`),
      await rawRequest(s.port, 'NOT HTTP AT ALL\r\n\r\n'),
    ];
    expect(answers.map((answer) => answer.split('\r\n')[0])).toEqual([
      'HTTP/1.1 421 Misdirected Request',
      'HTTP/1.1 431 Request Header Fields Too Large',
      'HTTP/1.1 400 Bad Request',
    ]);
    for (const answer of answers) {
      const headers = answer.split('\r\n\r\n')[0]?.toLowerCase() ?? '';
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers).toContain(`${name}: ${value.toLowerCase()}`);
    }
  });
});

describe('the share API with --allow-origin', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ allowOrigins: ['https://app.example'] });
  });
  afterAll(() => s.share.close());

  it('lets pages of those origins call it, and no others', async () => {
    const headers = { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };
    const preflight = await s.call('/api/shares', { method: 'OPTIONS', headers });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, HEAD, POST, DELETE',
      'access-control-allow-headers': 'content-type, x-delete-token',
      vary: 'origin',
    });
    const answer = await s.upload(new Uint8Array([1]), '', { origin: 'https://app.example' });
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(answer.headers['access-control-expose-headers']).toBe('retry-after, location');
    expect((await s.call('/api/shares', { method: 'OPTIONS', headers: { ...headers, origin: 'https://evil.example' } })).status).toBe(403);
    // The app's own files are not for other origins.
    expect((await s.call('/', { headers: { origin: 'https://app.example' } })).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the size limit', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ maxBytes: 1000 });
  });
  afterAll(() => s.share.close());

  it('takes a blob of the limit and refuses one byte more, announced or streamed', async () => {
    expect((await s.call('/api/config')).json).toMatchObject({ maxBytes: 1000 });
    created(await s.upload(new Uint8Array(1000)));
    const announced = await s.upload(new Uint8Array(1001));
    expect(announced).toMatchObject({ status: 413, json: { error: 'A share is at most 1000 bytes' } });
    expect(announced.headers.connection).toBe('close');
    const streamed = await s.call('/api/shares', { method: 'POST', body: new Uint8Array(1001), chunked: true, headers: OCTETS });
    expect(streamed.status).toBe(413);
    created(await s.call('/api/shares', { method: 'POST', body: new Uint8Array(1000), chunked: true, headers: OCTETS }));
  });
});

describe('the rate limit', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ uploadsPerMinute: 3, readsPerMinute: 5 });
  });
  afterAll(() => s.share.close());

  it('lets a client upload a minute’s worth at once, then answers 429 with Retry-After until its bucket refills', async () => {
    for (let i = 0; i < 3; i++) created(await s.upload(new Uint8Array([i])));
    const refused = await s.upload(new Uint8Array([4]));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('20');
    expect(refused.json).toEqual({ error: 'Too many requests: wait and try again' });
    s.clock.now += 19_000;
    expect((await s.upload(new Uint8Array([4]))).headers['retry-after']).toBe('1');
    s.clock.now += 1000;
    created(await s.upload(new Uint8Array([4])));
    expect((await s.upload(new Uint8Array([5]))).status).toBe(429);
  });

  it('counts reads apart from uploads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await s.call('/api/config')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await s.call('/')).status).toBe(429);
    s.clock.now += 60_000;
    expect((await s.call('/')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless it trusts a proxy', async () => {
    s.clock.now += 60_000;
    for (let i = 0; i < 3; i++) await s.upload(new Uint8Array([i]), '', { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '10.0.0.9' })).status).toBe(429);
  });
});

describe('the rate limit behind a trusted proxy', () => {
  it('counts each client by the address the proxy appended last', async () => {
    const s = await start({ uploadsPerMinute: 1, trustProxy: true });
    try {
      created(await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '203.0.113.7' }));
      // What the client wrote itself comes first and is not believed.
      expect((await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })).status).toBe(429);
      created(await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '203.0.113.8' }));
      created(await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '2001:db8:1:2::1' }));
      // The same /64.
      expect((await s.upload(new Uint8Array([1]), '', { 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).status).toBe(429);
    } finally {
      await s.share.close();
    }
  });
});

describe('the Host rule with names given', () => {
  it('answers an --allow-host name as written (a proxy’s, without a port) and with the port', async () => {
    const s = await start({ hosts: { listening: ['192.0.2.10'], allowed: ['share.example.com'] } });
    try {
      for (const host of ['share.example.com', 'Share.Example.com', `share.example.com:${s.port}`, `192.0.2.10:${s.port}`]) {
        expect((await ask(s.port, '/api/config', { headers: { host } })).status, host).toBe(200);
      }
      for (const host of ['192.0.2.10', 'share.example.com.evil.example', 'evil.example', 'example.com']) {
        expect((await ask(s.port, '/api/config', { headers: { host } })).status, host).toBe(421);
      }
    } finally {
      await s.share.close();
    }
  });
});

describe('stopping', () => {
  it('lets an upload under way finish and be stored, then closes the store', async () => {
    const s = await start();
    const blob = randomBytes(200_000);
    let sendRest = (): void => {};
    const answer = new Promise<Answer>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: s.port,
          path: '/api/shares',
          method: 'POST',
          headers: { host: `127.0.0.1:${s.port}`, ...OCTETS, 'content-length': blob.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), json: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on('error', fail);
      req.write(blob.subarray(0, 100_000));
      sendRest = () => req.end(blob.subarray(100_000));
    });
    await new Promise((done) => setTimeout(done, 100));
    let closed = false;
    const closing = s.share.close().then(() => (closed = true));
    await new Promise((done) => setTimeout(done, 100));
    expect(closed).toBe(false);
    sendRest();
    const share = created(await answer);
    await closing;
    // Closed only after the upload was stored (serveCommand.test.ts reopens the file and finds it).
    await expect(s.store.metadata(share.id)).rejects.toThrow(/not open/);
    expect(s.share.server.listening).toBe(false);
  });
});

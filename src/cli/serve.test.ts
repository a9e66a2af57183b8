import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, historyPath, mimeType, resolveInside } from './serve';

// fetch() normalizes `..` away, so raw paths go through node:http as written.
function get(port: number, path: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('historyPath', () => {
  it('keeps safe names and replaces the rest', () => {
    expect(historyPath('/x/run.langchain.json')).toBe('/__msgscope/history/run.langchain.json');
    expect(historyPath('/x/my run?#%.json')).toBe('/__msgscope/history/my_run___.json');
    expect(historyPath('/x/..')).toBe('/__msgscope/history/history');
  });
});

describe('resolveInside', () => {
  it('refuses paths that leave the root', () => {
    expect(resolveInside('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js');
    expect(resolveInside('/srv/app', '/../secret')).toBeUndefined();
    expect(resolveInside('/srv/app', '/..%2fsecret')).toBeUndefined();
    expect(resolveInside('/srv/app', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(resolveInside('/srv/app', '/a%00b')).toBeUndefined();
    expect(resolveInside('/srv/app', '/%E0%A4%A')).toBeUndefined();
  });
});

describe('mimeType', () => {
  it('knows what the built app ships', () => {
    expect(mimeType('index.html')).toBe('text/html; charset=utf-8');
    expect(mimeType('a/b.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeType('x.css')).toBe('text/css; charset=utf-8');
    expect(mimeType('x.svg')).toBe('image/svg+xml');
    expect(mimeType('x.bin')).toBe('application/octet-stream');
  });
});

describe('createAppServer', () => {
  const root = mkdtempSync(join(tmpdir(), 'msgscope-serve-'));
  const app = join(root, 'app');
  const history = join(root, 'run.json');
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    mkdirSync(join(app, 'assets'), { recursive: true });
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>msgscope</title>');
    writeFileSync(join(app, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(root, 'secret.txt'), 'secret');
    writeFileSync(history, '[{"type":"human","data":{"content":"hi"}}]');
    server = createAppServer(app, history);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('serves index.html at / with a query', async () => {
    const res = await get(port, '/?src=/__msgscope/history/run.json');
    expect(res).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(res.body).toContain('<title>msgscope</title>');
  });

  it('serves assets with their MIME type, and HEAD without a body', async () => {
    expect(await get(port, '/assets/main.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', body: 'console.log(1)' });
    expect(await get(port, '/assets/main.js', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  it('serves the history at its path', async () => {
    const res = await get(port, '/__msgscope/history/run.json');
    expect(res).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
    expect(JSON.parse(res.body)).toEqual([{ type: 'human', data: { content: 'hi' } }]);
  });

  it('reaches nothing outside the app', async () => {
    // The URL parser already folds a plain `..`; an escaped one gets past it and must be refused.
    expect(await get(port, '/../secret.txt')).toMatchObject({ status: 404, body: 'Not found\n' });
    expect(await get(port, '/..%2fsecret.txt')).toMatchObject({ status: 403, body: 'Forbidden\n' });
    expect(await get(port, '/assets/..%2f..%2fsecret.txt')).toMatchObject({ status: 403 });
    expect((await get(port, '/__msgscope/history/secret.txt')).status).toBe(404);
    expect((await get(port, '/nope.js')).status).toBe(404);
    expect((await get(port, '/', 'POST')).status).toBe(405);
  });
});

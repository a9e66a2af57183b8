import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';
import { rawRequest } from './testing/http';
import { allowedHosts, clientErrorResponse, createAppServer, historyPath, MAX_HEADER_BYTES, mimeType, resolveInside, SECURITY_HEADERS } from './serve';

interface Answer {
  status: number;
  type: string;
  body: string;
  headers: IncomingHttpHeaders;
}

// fetch() normalizes `..` away and sets Host itself, so requests go through node:http as written.
function get(port: number, path: string, method = 'GET', headers: OutgoingHttpHeaders = {}, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const length = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) };
    const req = request({ host: '127.0.0.1', port, path, method, headers: { ...length, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text, headers: res.headers }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** A request written byte for byte (no Host, HTTP/1.0...), answered with its status line. */
async function raw(port: number, text: string): Promise<string> {
  return (await rawRequest(port, text)).split('\r\n')[0] ?? '';
}

/** The whole answer to bytes written as given (ended after them unless `end` is false), as status, headers and body. */
async function rawAnswer(port: number, text: string | Buffer): Promise<{ status: string; headers: Record<string, string>; body: string }> {
  const answer = await rawRequest(port, text);
  const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
  const [status = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status, headers, body };
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

describe('allowedHosts', () => {
  it('names the loopback address and the hosts given, with the port', () => {
    expect([...allowedHosts(5178)]).toEqual(['127.0.0.1:5178', 'localhost:5178', '[::1]:5178']);
    expect([...allowedHosts(5178, ['Box.local', 'fd00::1', '192.168.1.4'])].slice(3)).toEqual(['box.local:5178', '[fd00::1]:5178', '192.168.1.4:5178']);
    // Browsers leave port 80 out of Host.
    expect(allowedHosts(80).has('localhost')).toBe(true);
    expect(allowedHosts(5178).has('localhost')).toBe(false);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows nothing by default and no framing', () => {
    expect(CONTENT_SECURITY_POLICY.split('; ')).toEqual(expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]));
    expect(CONTENT_SECURITY_POLICY).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });

  it('is in index.html as a meta tag for static hosts, without frame-ancestors, which a meta tag cannot set', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
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
    writeFileSync(join(app, 'assets', 'import.worker-x1.js'), 'self.onmessage = () => {}');
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

  it('answers only requests addressed to it: a page on another name (DNS rebinding) gets 421', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      expect((await get(port, '/__msgscope/history/run.json', 'GET', { host })).status, host).toBe(200);
    }
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `localhost.:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const res = await get(port, '/__msgscope/history/run.json', 'GET', { host });
      expect(res.status, host).toBe(421);
      expect(res.body).not.toContain('"content":"hi"');
    }
    expect(await raw(port, 'GET /__msgscope/history/run.json HTTP/1.0\r\n\r\n')).toBe('HTTP/1.1 421 Misdirected Request');
  });

  it('answers to a host it was given', async () => {
    const other = createAppServer(app, history, { hosts: ['msgscope.test'] });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const otherPort = (other.address() as AddressInfo).port;
    try {
      expect((await get(otherPort, '/', 'GET', { host: `msgscope.test:${otherPort}` })).status).toBe(200);
      expect((await get(otherPort, '/', 'GET', { host: `evil.test:${otherPort}` })).status).toBe(421);
    } finally {
      await new Promise<void>((done) => other.close(() => done()));
    }
  });

  it('sends its security headers with every response, the worker script and errors included', async () => {
    const answers = [
      await get(port, '/'),
      await get(port, '/assets/main.js'),
      await get(port, '/assets/import.worker-x1.js'),
      await get(port, '/__msgscope/history/run.json'),
      await get(port, '/assets/main.js', 'HEAD'),
      await get(port, '/nope.js'),
      await get(port, '/..%2fsecret.txt'),
      await get(port, '/', 'DELETE'),
      await get(port, '/', 'GET', { host: 'evil.example' }),
      await get(port, '/', 'POST', {}, 'x'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 404, 403, 405, 421, 413]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], `${name} of a ${res.status}`).toBe(value);
    }
    expect(SECURITY_HEADERS).toMatchObject({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
  });

  it('takes no request body: 413, unread', async () => {
    expect((await get(port, '/', 'POST', { 'content-type': 'application/json' }, '{"a":1}')).status).toBe(413);
    expect((await get(port, '/__msgscope/history/run.json', 'GET', {}, 'x'.repeat(100_000))).status).toBe(413);
    expect(await raw(port, `PUT / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`)).toBe(
      'HTTP/1.1 413 Payload Too Large',
    );
    // An empty body is no body.
    expect((await get(port, '/', 'GET', { 'content-length': '0' })).status).toBe(200);
  });

  it('refuses request headers past its limit with 431', async () => {
    // Node answers 431 and closes the connection; a client still writing its headers may see the close first.
    const refusal = (answer: Promise<Answer>) =>
      answer.then(
        (a) => a.status,
        (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.message === 'socket hang up' ? 'closed' : error.message),
      );
    expect((await get(port, '/', 'GET', { 'x-filler': 'a'.repeat(MAX_HEADER_BYTES / 2) })).status).toBe(200);
    expect([431, 'closed']).toContain(await refusal(get(port, '/', 'GET', { 'x-filler': 'a'.repeat(MAX_HEADER_BYTES) })));
    expect([431, 'closed']).toContain(await refusal(get(port, `/?src=${'a'.repeat(MAX_HEADER_BYTES)}`)));
  });

  it('answers requests Node cannot parse (400) or whose headers are too large (431) with its security headers', async () => {
    const host = `Host: 127.0.0.1:${port}\r\n`;
    const requests: [string, string | Buffer][] = [
      ['HTTP/1.1 400 Bad Request', 'garbage\r\n\r\n'],
      ['HTTP/1.1 400 Bad Request', `GET / HTTP/1.1\r\n${host}Content-Length: 1\r\nContent-Length: 2\r\n\r\n`],
      ['HTTP/1.1 400 Bad Request', Buffer.from([0, 1, 2, 255, 13, 10, 13, 10])],
      ['HTTP/1.1 431 Request Header Fields Too Large', `GET / HTTP/1.1\r\n${host}X-Filler: ${'a'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`],
      // Far more than a socket buffer: the client is still sending when the answer is written.
      ['HTTP/1.1 431 Request Header Fields Too Large', `GET / HTTP/1.1\r\n${host}X-Filler: ${'a'.repeat(4_000_000)}\r\n\r\n`],
      ['HTTP/1.1 431 Request Header Fields Too Large', `GET /?${'a'.repeat(2 * MAX_HEADER_BYTES)} HTTP/1.1\r\n${host}\r\n`],
    ];
    for (const [status, request] of requests) {
      const answer = await rawAnswer(port, request);
      const what = `${status} to ${String(request).slice(0, 40)}`;
      expect(answer.status, what).toBe(status);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], `${name} of ${what}`).toBe(value);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toBe(`${status.slice('HTTP/1.1 xxx '.length)}\n`);
    }
    // HTTP/1.1 without Host, which Node would refuse with a 400 of its own, reaches the handler.
    const hostless = await rawAnswer(port, 'GET / HTTP/1.1\r\n\r\n');
    expect(hostless.status).toBe('HTTP/1.1 421 Misdirected Request');
    expect(hostless.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    // The server is fine after them.
    expect((await get(port, '/')).status).toBe(200);
  });

  it("writes those answers whole, in the shape of Node's own", () => {
    const answer = clientErrorResponse('HPE_HEADER_OVERFLOW');
    expect(answer.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n')).toBe(true);
    expect(answer.endsWith('\r\n\r\nRequest Header Fields Too Large\n')).toBe(true);
    expect(answer).toContain(`\r\ncontent-length: ${'Request Header Fields Too Large\n'.length}\r\n`);
    expect(clientErrorResponse('HPE_INVALID_METHOD').split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT').split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(clientErrorResponse(undefined).split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  });
});

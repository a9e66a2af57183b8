import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './run';
import { SECURITY_HEADERS } from './serve';
import { fakeIo, type FakeIo } from './testing/io';

/** `msgscope open FILE --port 0` running, with the URL it printed. */
async function opened(app: string, history: string, ...flags: string[]): Promise<{ url: URL; io: FakeIo; exit: Promise<number> }> {
  let printedUrl: (url: string) => void = () => {};
  const printed = new Promise<string>((done) => (printedUrl = done));
  const io = fakeIo({ appDir: app, onStdout: (text) => printedUrl(/http:\S+/.exec(text)?.[0] ?? '') });
  const exit = run(['open', history, '--port', '0', ...flags], io);
  return { url: new URL(await printed), io, exit };
}

/** A GET with the Host header a page on `host` would send (fetch() sets its own). */
function getAs(url: URL, host: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

function builtApp(): { app: string; history: string } {
  const root = mkdtempSync(join(tmpdir(), 'msgscope-open-'));
  const app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>msgscope</title>');
  const history = join(root, 'my run.json');
  writeFileSync(history, '[]');
  return { app, history };
}

describe('msgscope open', () => {
  it('serves the app and the file, prints the URL, and stops on Ctrl+C', async () => {
    const { app, history } = builtApp();
    let url = '';
    let printedUrl = (): void => {};
    const printed = new Promise<void>((done) => (printedUrl = done));
    const io = fakeIo({
      appDir: app,
      onStdout: (text) => {
        url = /http:\S+/.exec(text)?.[0] ?? '';
        printedUrl();
      },
    });
    const exit = run(['open', history, '--port', '0'], io);
    await printed;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?src=\/__msgscope\/history\/my_run\.json$/);
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const src = new URL(url).searchParams.get('src') ?? '';
    expect(await (await fetch(new URL(src, url))).text()).toBe('[]');
    io.stop();
    expect(await exit).toBe(0);
  });

  it('serves only requests addressed to it, each with the security headers', async () => {
    const { app, history } = builtApp();
    writeFileSync(history, '[{"role": "user", "content": "secret plans"}]');
    const { url, io, exit } = await opened(app, history);
    try {
      const src = new URL(url.searchParams.get('src') ?? '', url);
      // A DNS-rebinding page reaches 127.0.0.1 under its own name, which it sends as Host.
      for (const host of ['attacker.example', `attacker.example:${url.port}`]) {
        const res = await getAs(src, host);
        expect(res.status).toBe(421);
        expect(res.body).not.toContain('secret plans');
      }
      for (const res of [await getAs(url, url.host), await getAs(src, `localhost:${url.port}`), await getAs(src, 'evil.example')]) {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name]).toBe(value);
      }
      expect((await getAs(src, url.host)).body).toContain('secret plans');
    } finally {
      io.stop();
    }
    expect(await exit).toBe(0);
  });

  it('listens on the --host given and serves requests that name it, and still refuses other names', async () => {
    const { app, history } = builtApp();
    writeFileSync(history, '[{"role": "user", "content": "secret plans"}]');
    // 127.0.0.2 is a loopback address on Linux but none of the loopback names the server knows: only --host makes it one.
    const { url, io, exit } = await opened(app, history, '--host', '127.0.0.2');
    try {
      expect(url.hostname).toBe('127.0.0.2');
      const src = new URL(url.searchParams.get('src') ?? '', url);
      expect((await getAs(src, `127.0.0.2:${url.port}`)).body).toContain('secret plans');
      expect((await getAs(src, `localhost:${url.port}`)).status).toBe(200);
      for (const host of ['attacker.example', `attacker.example:${url.port}`, `127.0.0.3:${url.port}`]) expect((await getAs(src, host)).status, host).toBe(421);
      // It listens on that address alone.
      const elsewhere = new URL(src);
      elsewhere.hostname = '127.0.0.1';
      await expect(getAs(elsewhere, `127.0.0.1:${url.port}`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(io.err).toBe('');
    } finally {
      io.stop();
    }
    expect(await exit).toBe(0);
  });

  it('prints the loopback URL for an address of every interface, and warns that others can read the file', async () => {
    const { app, history } = builtApp();
    const { url, io, exit } = await opened(app, history, '--host', '0.0.0.0');
    try {
      expect(url.hostname).toBe('127.0.0.1');
      expect((await getAs(url, url.host)).status).toBe(200);
      expect((await getAs(url, `0.0.0.0:${url.port}`)).status).toBe(200);
      expect(io.err).toBe(`msgscope: listening on 0.0.0.0: whoever can reach it can read ${history}\n`);
    } finally {
      io.stop();
    }
    expect(await exit).toBe(0);
  });

  it('exits 2 when the --host given cannot be listened on', async () => {
    const { app, history } = builtApp();
    const io = fakeIo({ appDir: app });
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): no interface here has it.
    expect(await run(['open', history, '--host', '192.0.2.7', '--port', '0'], io)).toBe(2);
    expect(io.err).toMatch(/^msgscope: cannot listen on 192\.0\.2\.7:0: .*EADDRNOTAVAIL/);
  });

  it('exits 2 when the app is not built or the file is missing', async () => {
    const { app, history } = builtApp();
    const unbuilt = fakeIo({ appDir: join(app, 'nope') });
    expect(await run(['open', history], unbuilt)).toBe(2);
    expect(unbuilt.err).toContain('npm run build');

    const missing = fakeIo({ appDir: app });
    expect(await run(['open', join(app, 'missing.json')], missing)).toBe(2);
    expect(missing.err).toMatch(/cannot open .*missing\.json: ENOENT/);
  });

  it('exits 2 when the port the user chose is taken', async () => {
    const { app, history } = builtApp();
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const io = fakeIo({ appDir: app });
    expect(await run(['open', history, '--port', String(port)], io)).toBe(2);
    expect(io.err).toContain('EADDRINUSE');
    blocker.close();
  });
});

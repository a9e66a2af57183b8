import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './run';
import { fakeIo } from './testing/io';

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

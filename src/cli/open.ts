import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createAppServer, historyPath } from './serve';

export const DEFAULT_PORT = 5178;

export interface OpenIo {
  /** Resolves (when it returns a promise) once the text is taken: a pipe that is full holds the next write back. */
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  /** Where the built app (index.html and assets) lives. */
  appDir: string;
  /** Resolves when the user asks to stop (Ctrl+C). */
  waitForStop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((done, fail) => {
    const onError = (error: Error): void => fail(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      done((server.address() as AddressInfo).port);
    });
  });
}

async function listenWithFallback(server: Server, port: number | undefined): Promise<number> {
  try {
    return await listen(server, port ?? DEFAULT_PORT);
  } catch (error) {
    // Only the default port may be swapped for a free one; a port the user chose is a promise.
    if (port === undefined && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') return listen(server, 0);
    throw error;
  }
}

export async function open(file: string, port: number | undefined, io: OpenIo): Promise<number> {
  const path = resolve(file);
  const info = await stat(path).catch((error: unknown) => error as Error);
  if (info instanceof Error || !info.isFile()) {
    io.stderr(`msgscope: cannot open ${file}: ${info instanceof Error ? info.message : 'not a file'}\n`);
    return 2;
  }
  if (!existsSync(join(io.appDir, 'index.html'))) {
    io.stderr(`msgscope: the app is not built (no ${join(io.appDir, 'index.html')}); run \`npm run build\`.\n`);
    return 2;
  }
  const server = createAppServer(io.appDir, path);
  let actual: number;
  try {
    actual = await listenWithFallback(server, port);
  } catch (error) {
    io.stderr(`msgscope: cannot listen on 127.0.0.1:${port ?? DEFAULT_PORT}: ${(error as Error).message}\n`);
    return 2;
  }
  await io.stdout(`msgscope: serving ${file}\nhttp://127.0.0.1:${actual}/?src=${historyPath(path)}\nPress Ctrl+C to stop.\n`);
  await io.waitForStop();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  return 0;
}

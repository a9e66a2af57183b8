import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createAppServer, historyPath } from './serve';

export const DEFAULT_PORT = 5178;

/** Where `open` listens unless `--host` says otherwise: the loopback address, reachable from this machine only. */
const LOOPBACK = '127.0.0.1';

export interface OpenOptions {
  /** `--port`: undefined takes DEFAULT_PORT, or any free port when that one is taken. */
  port?: number;
  /** `--host`: the address to listen on, served under its own name as well as the loopback names. */
  host?: string;
}

export interface OpenIo {
  /** Resolves (when it returns a promise) once the text is taken: a pipe that is full holds the next write back. */
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  /** Where the built app (index.html and assets) lives. */
  appDir: string;
  /** Resolves when the user asks to stop (Ctrl+C). */
  waitForStop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    const onError = (error: Error): void => fail(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      done((server.address() as AddressInfo).port);
    });
  });
}

async function listenWithFallback(server: Server, port: number | undefined, host: string): Promise<number> {
  try {
    return await listen(server, port ?? DEFAULT_PORT, host);
  } catch (error) {
    // Only the default port may be swapped for a free one; a port the user chose is a promise.
    if (port === undefined && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') return listen(server, 0, host);
    throw error;
  }
}

/** A host as a URL writes it: an IPv6 address in brackets. */
const inUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Addresses that listen on every interface: the URL to print names the loopback address, which they include. */
const UNSPECIFIED = new Set(['0.0.0.0', '::']);

const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export async function open(file: string, { port, host }: OpenOptions, io: OpenIo): Promise<number> {
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
  const address = host ?? LOOPBACK;
  const server = createAppServer(io.appDir, path, host === undefined ? {} : { hosts: [host] });
  let actual: number;
  try {
    actual = await listenWithFallback(server, port, address);
  } catch (error) {
    io.stderr(`msgscope: cannot listen on ${inUrl(address)}:${port ?? DEFAULT_PORT}: ${(error as Error).message}\n`);
    return 2;
  }
  if (!isLoopback(address)) io.stderr(`msgscope: listening on ${inUrl(address)}: whoever can reach it can read ${file}\n`);
  const shown = UNSPECIFIED.has(address) ? LOOPBACK : address;
  await io.stdout(`msgscope: serving ${file}\nhttp://${inUrl(shown)}:${actual}/?src=${historyPath(path)}\nPress Ctrl+C to stop.\n`);
  await io.waitForStop();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  return 0;
}

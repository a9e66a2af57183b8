import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { OpenIo } from '../open';
import { listeningNames, WILDCARD_HOSTS } from './hosts';
import { createShareServer } from './shareServer';
import type { ShareStore } from './store';
import { importStore, sqliteBindingHint } from './storePackage';

/** A share server's port is part of every short link it made, so it does not change on its own: no fallback when taken. */
export const DEFAULT_SERVE_PORT = 5179;
export const DEFAULT_DATA_DIR = 'msgscope-shares';
const LOOPBACK = '127.0.0.1';

/** `msgscope serve`'s options, as args.ts parses them. */
export interface ServeOptions {
  port?: number;
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** Where the SQLite store keeps its file (default ./msgscope-shares). */
  data?: string;
  maxBytes?: number;
  /** `s3://bucket/prefix`: blobs in S3-compatible storage instead of SQLite. */
  store?: string;
  /** More Host values to answer (a reverse proxy's public name). */
  allowHosts: string[];
  /** Origins whose pages may call the API (a static deployment of the app elsewhere), or `*`. */
  allowOrigins: string[];
  trustProxy: boolean;
  s3PathStyle: boolean;
  uploadsPerMinute?: number;
}

const inUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);
const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

// The stores are imported when the server starts: the other commands load neither SQLite's native module nor the AWS SDK,
// which msgscope's package leaves to the user to install (storePackage.ts).
async function openStore(options: ServeOptions): Promise<ShareStore> {
  if (options.store === undefined) {
    const { openSqliteStore } = await importStore(() => import('./sqliteStore'), 'better-sqlite3');
    try {
      return openSqliteStore(options.data ?? DEFAULT_DATA_DIR);
    } catch (error) {
      throw new Error(sqliteBindingHint(error), { cause: error });
    }
  }
  const { openS3Store, parseS3Url, s3ClientConfig } = await importStore(() => import('./s3Store'), '@aws-sdk/client-s3');
  const location = parseS3Url(options.store);
  if (typeof location === 'string') throw new Error(location);
  // Endpoint, region and credentials come from the environment as for any AWS SDK program; only
  // AWS_DEFAULT_REGION (the AWS CLI's name) is read here too, since the SDK reads AWS_REGION only.
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  try {
    return await openS3Store(location, { ...s3ClientConfig({ forcePathStyle: options.s3PathStyle }), ...(region !== undefined && { region }) });
  } catch (error) {
    const message = (error as Error).message;
    const hint = /region/i.test(message) ? ' (set AWS_REGION; Cloudflare R2 takes "auto")' : '';
    throw new Error(`${message}${hint}`, { cause: error });
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done((server.address() as AddressInfo).port);
    });
  });
}

/** Runs the share server until the user stops it (Ctrl+C, SIGTERM); requests under way finish first. */
export async function serve(options: ServeOptions, io: OpenIo): Promise<number> {
  if (!existsSync(join(io.appDir, 'index.html'))) {
    io.stderr(`msgscope: the app is not built (no ${join(io.appDir, 'index.html')}); run \`npm run build\`.\n`);
    return 2;
  }
  if (options.store !== undefined && options.data !== undefined) {
    io.stderr('msgscope: --data is where the SQLite store keeps its file; with --store s3://… there is none. Give one of them.\n');
    return 2;
  }
  let store: ShareStore;
  try {
    store = await openStore(options);
  } catch (error) {
    io.stderr(`msgscope: cannot open the store: ${(error as Error).message}\n`);
    return 2;
  }
  const host = options.host ?? LOOPBACK;
  const shareServer = createShareServer({
    appDir: io.appDir,
    store,
    hosts: { listening: listeningNames(host), allowed: options.allowHosts },
    allowOrigins: options.allowOrigins,
    trustProxy: options.trustProxy,
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
    ...(options.uploadsPerMinute !== undefined && { uploadsPerMinute: options.uploadsPerMinute }),
    log: (line) => io.stderr(`${line}\n`),
  });
  let port: number;
  try {
    port = await listen(shareServer.server, options.port ?? DEFAULT_SERVE_PORT, host);
  } catch (error) {
    await shareServer.close();
    io.stderr(`msgscope: cannot listen on ${inUrl(host)}:${options.port ?? DEFAULT_SERVE_PORT}: ${(error as Error).message}\n`);
    return 2;
  }
  if (WILDCARD_HOSTS.has(host)) {
    const names = options.allowHosts.length > 0 ? `, and as ${options.allowHosts.join(', ')}` : '; a name (a reverse proxy’s) needs --allow-host NAME';
    io.stderr(`msgscope: listening on every interface: answers to this machine's addresses on port ${port}${names}\n`);
  } else if (!isLoopback(host))
    io.stderr(`msgscope: listening on ${inUrl(host)}: whoever can reach it can upload shares (within the limits) and open the ones they have links to\n`);
  const shown = WILDCARD_HOSTS.has(host) ? LOOPBACK : host;
  await io.stdout(`msgscope: share server, blobs in ${store.description}\nhttp://${inUrl(shown)}:${port}/\nPress Ctrl+C to stop.\n`);
  await io.waitForStop();
  io.stderr('msgscope: stopping: finishing the requests under way\n');
  await shareServer.close();
  io.stderr('msgscope: stopped\n');
  return 0;
}

import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { answerClientErrors, MAX_HEADER_BYTES, mimeType, resolveInside, SECURITY_HEADERS, sendFile } from '../serve';
import { isAllowedHost, type HostRules } from './hosts';
import { clientAddress, clientKey, RateLimiter } from './rateLimit';
import { deleteTokenMatches, hashDeleteToken, isExpired, newDeleteToken, newShareId, roundExpiry, shareIdExpiry } from './shareId';
import type { ShareStore } from './store';

// The share server behind `msgscope serve`: the built app, as `msgscope open` serves it (same security headers,
// same Host rule), and the API of docs/SHARING.md, which stores blobs it cannot read.

const DAY = 24 * 60 * 60 * 1000;

/** How long a share lives, by the name the API and the page use. */
export const EXPIRIES = { '1d': DAY, '30d': 30 * DAY, never: null } as const;
export type Expires = keyof typeof EXPIRIES;
export const DEFAULT_EXPIRES: Expires = '30d';
const isExpires = (text: string): text is Expires => Object.hasOwn(EXPIRIES, text);

/** 50 MB (10^6 bytes a MB, as the rest of msgscope counts). */
export const DEFAULT_MAX_BYTES = 50_000_000;
export const DEFAULT_UPLOADS_PER_MINUTE = 30;
/** Reads (the app's files, config, opening and deleting shares) a client may make for each upload it may make: opening the app is about ten requests. */
export const READS_PER_UPLOAD = 20;
/** How often expired shares are purged, besides each one found expired when asked for. */
export const PURGE_EVERY_MS = 10 * 60 * 1000;
/** How long stopping waits for requests under way before it cuts their connections. */
const STOP_GRACE_MS = 30_000;

const SHARES = '/api/shares';

export interface ShareServerOptions {
  /** The built app (index.html and assets). */
  appDir: string;
  store: ShareStore;
  /** Largest blob taken, in bytes. */
  maxBytes?: number;
  /** Host values answered besides the loopback names (hosts.ts). */
  hosts?: HostRules;
  /** Origins whose pages may call the API (CORS), `*` for any; none by default: only the app this server serves. */
  allowOrigins?: readonly string[];
  /** Count requests against the last X-Forwarded-For address instead of the peer's (behind a reverse proxy). */
  trustProxy?: boolean;
  uploadsPerMinute?: number;
  readsPerMinute?: number;
  /** The clock, in milliseconds since 1970 (tests move it). */
  now?: () => number;
  /** One line a request: method, route, status, bytes and time; never a share id, a query, an address or content. */
  log?: (line: string) => void;
  purgeEveryMs?: number;
}

export interface ShareServer {
  server: Server;
  /** Removes expired shares now; how many. */
  purge(): Promise<number>;
  /** Stops taking connections, lets the requests under way finish (uploads are stored), then closes the store. */
  close(): Promise<void>;
}

/** What the log line of a request says besides its method and status. */
interface Exchange {
  route: string;
  bytes: number;
}

interface Context extends Required<Omit<ShareServerOptions, 'log' | 'purgeEveryMs'>> {
  log: (line: string) => void;
  uploads: RateLimiter;
  reads: RateLimiter;
  closing: () => boolean;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void => json(res, status, { error }, headers);

function text(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/** Whether a request carries a body (a Content-Length other than 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The body, or 'too-large' as soon as it passes `max` bytes (the rest is left unread). */
function readBody(req: IncomingMessage, max: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((done, failed) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.pause();
        done('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => done(new Uint8Array(Buffer.concat(chunks, size))));
    req.once('error', failed);
  });
}

function allowedOrigin(req: IncomingMessage, origins: readonly string[]): string | undefined {
  if (origins.includes('*')) return '*';
  const origin = req.headers.origin;
  return origin !== undefined && origins.includes(origin) ? origin : undefined;
}

async function upload(req: IncomingMessage, res: ServerResponse, url: URL, context: Context, exchange: Exchange): Promise<void> {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  // Required, not only expected: a page on another site can send text/plain without asking (a "simple" request),
  // but application/octet-stream only after a CORS preflight that this server answers only for --allow-origin.
  if (type !== 'application/octet-stream') return fail(res, 415, 'A share is uploaded as application/octet-stream');
  const expires = url.searchParams.get('expires') ?? DEFAULT_EXPIRES;
  if (!isExpires(expires)) return fail(res, 400, `expires must be one of ${Object.keys(EXPIRIES).join(', ')}`);
  const tooLarge = `A share is at most ${context.maxBytes} bytes`;
  const declared = Number(req.headers['content-length'] ?? 0);
  // Refused unread: closing the connection spares reading the rest of a body that is thrown away.
  if (declared > context.maxBytes) return fail(res, 413, tooLarge, { connection: 'close' });
  const blob = await readBody(req, context.maxBytes);
  if (blob === 'too-large') return fail(res, 413, tooLarge, { connection: 'close' });
  exchange.bytes = blob.byteLength;
  if (blob.byteLength === 0) return fail(res, 400, 'The share is empty');
  const now = context.now();
  const lifetime = EXPIRIES[expires];
  const expiresAt = roundExpiry(lifetime === null ? null : now + lifetime);
  const id = newShareId(expiresAt);
  const deleteToken = newDeleteToken();
  await context.store.put(id, blob, { size: blob.byteLength, createdAt: now, expiresAt, deleteTokenHash: hashDeleteToken(deleteToken) });
  json(res, 201, { id, deleteToken, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() }, { location: `${SHARES}/${id}` });
}

const EXPIRED = 'This share has expired';
const UNKNOWN = 'No share has this id';

/** Answers 410 for an expired share and removes its blob if a store still has it (the lazy half of the purge). */
async function expired(res: ServerResponse, id: string, context: Context): Promise<void> {
  fail(res, 410, EXPIRED);
  await context.store.delete(id).catch((error: unknown) => context.log(`purge of an expired share failed: ${(error as Error).message}`));
}

async function fetchShare(req: IncomingMessage, res: ServerResponse, id: string, context: Context, exchange: Exchange): Promise<void> {
  const carried = shareIdExpiry(id);
  if (carried === undefined) return fail(res, 404, UNKNOWN);
  if (isExpired(carried.expiresAt, context.now())) return expired(res, id, context);
  const share = await context.store.get(id);
  if (share === undefined) return fail(res, 404, UNKNOWN);
  if (isExpired(share.metadata.expiresAt, context.now())) return expired(res, id, context);
  exchange.bytes = share.blob.byteLength;
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': share.blob.byteLength,
    // A share can be deleted or expire: no cache may keep a copy.
    'cache-control': 'no-store',
    'content-disposition': 'attachment',
  });
  res.end(req.method === 'HEAD' ? undefined : share.blob);
}

async function deleteShare(req: IncomingMessage, res: ServerResponse, id: string, context: Context): Promise<void> {
  const carried = shareIdExpiry(id);
  if (carried === undefined) return fail(res, 404, UNKNOWN);
  if (isExpired(carried.expiresAt, context.now())) return expired(res, id, context);
  const metadata = await context.store.metadata(id);
  if (metadata === undefined) return fail(res, 404, UNKNOWN);
  const token = req.headers['x-delete-token'];
  if (typeof token !== 'string' || !deleteTokenMatches(token, metadata.deleteTokenHash)) return fail(res, 403, 'Wrong delete token');
  await context.store.delete(id);
  res.writeHead(204, { 'cache-control': 'no-store' });
  res.end();
}

function config(res: ServerResponse, context: Context): void {
  json(res, 200, { shortLinks: true, maxBytes: context.maxBytes, expires: Object.keys(EXPIRIES), defaultExpires: DEFAULT_EXPIRES });
}

async function api(req: IncomingMessage, res: ServerResponse, url: URL, context: Context, exchange: Exchange): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (path === '/api/config') {
    exchange.route = path;
    return method === 'GET' || method === 'HEAD' ? config(res, context) : fail(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
  }
  if (path === SHARES) {
    exchange.route = path;
    return method === 'POST' ? upload(req, res, url, context, exchange) : fail(res, 405, 'Method not allowed', { allow: 'POST' });
  }
  if (path.startsWith(`${SHARES}/`) && !path.slice(SHARES.length + 1).includes('/')) {
    // The id is never logged: with it, whoever reads the log could fetch the blob (though not read it).
    exchange.route = `${SHARES}/:id`;
    const id = path.slice(SHARES.length + 1);
    if (hasBody(req)) return fail(res, 413, 'This request takes no body', { connection: 'close' });
    if (method === 'GET' || method === 'HEAD') return fetchShare(req, res, id, context, exchange);
    if (method === 'DELETE') return deleteShare(req, res, id, context);
    return fail(res, 405, 'Method not allowed', { allow: 'GET, HEAD, DELETE' });
  }
  fail(res, 404, 'No such API');
}

async function app(req: IncomingMessage, res: ServerResponse, url: URL, context: Context, exchange: Exchange): Promise<void> {
  if (hasBody(req)) return text(res, 413, 'This request takes no body\n', { connection: 'close' });
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
  let target = resolveInside(context.appDir, url.pathname);
  if (target === undefined) return text(res, 403, 'Forbidden\n');
  if ((await stat(target).catch(() => undefined))?.isDirectory()) target = resolve(target, 'index.html');
  if (await sendFile(req, res, target, mimeType(target), 'no-cache')) {
    exchange.route = url.pathname;
    return;
  }
  text(res, 404, 'Not found\n');
}

async function handle(req: IncomingMessage, res: ServerResponse, context: Context, exchange: Exchange): Promise<void> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (context.closing()) res.setHeader('connection', 'close');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  const refuse = (status: number, message: string, headers: Record<string, string> = {}): void =>
    isApi ? fail(res, status, message, headers) : text(res, status, `${message}\n`, headers);
  if (!isAllowedHost(req.headers.host, req.socket.localPort ?? 0, context.hosts))
    return refuse(421, 'Misdirected request: this server answers only to its own names');

  const origin = isApi ? allowedOrigin(req, context.allowOrigins) : undefined;
  if (origin !== undefined) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', 'retry-after, location');
  }
  if (isApi && context.allowOrigins.length > 0 && !context.allowOrigins.includes('*')) res.setHeader('vary', 'origin');

  const client = clientKey(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], context.trustProxy));
  const taken = (req.method === 'POST' ? context.uploads : context.reads).take(client);
  if (!taken.ok) return refuse(429, 'Too many requests: wait and try again', { 'retry-after': String(taken.retryAfterSeconds) });

  if (isApi && req.method === 'OPTIONS') {
    exchange.route = url.pathname.startsWith(`${SHARES}/`) ? `${SHARES}/:id` : url.pathname;
    if (origin === undefined) return fail(res, 403, 'This origin may not call this server (see --allow-origin)');
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, HEAD, POST, DELETE',
      'access-control-allow-headers': 'content-type, x-delete-token',
      'access-control-max-age': '600',
    });
    return void res.end();
  }
  return isApi ? api(req, res, url, context, exchange) : app(req, res, url, context, exchange);
}

export function createShareServer(options: ShareServerOptions): ShareServer {
  const now = options.now ?? Date.now;
  const uploadsPerMinute = options.uploadsPerMinute ?? DEFAULT_UPLOADS_PER_MINUTE;
  const readsPerMinute = options.readsPerMinute ?? uploadsPerMinute * READS_PER_UPLOAD;
  const log = options.log ?? (() => {});
  let closing = false;
  const context: Context = {
    appDir: options.appDir,
    store: options.store,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    hosts: options.hosts ?? { listening: [], allowed: [] },
    allowOrigins: options.allowOrigins ?? [],
    trustProxy: options.trustProxy ?? false,
    uploadsPerMinute,
    readsPerMinute,
    now,
    log,
    uploads: new RateLimiter({ perMinute: uploadsPerMinute }, now),
    reads: new RateLimiter({ perMinute: readsPerMinute }, now),
    closing: () => closing,
  };
  // Work under way (requests, purges): stopping waits for it before the store is closed.
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };

  // As `msgscope open`'s server: a request without Host reaches the handler (421 with the security headers), and
  // those Node's parser refuses (400, 431) get the security headers too.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    const exchange: Exchange = { route: '-', bytes: 0 };
    res.once('close', () => {
      const status = res.headersSent ? String(res.statusCode) : 'aborted';
      log(
        `${new Date(now()).toISOString()} ${req.method ?? '-'} ${exchange.route} ${status} ${exchange.bytes} B ${Math.round(performance.now() - started)} ms`,
      );
    });
    void track(
      handle(req, res, context, exchange).catch((error: unknown) => {
        log(`error: ${(error as Error).message}`);
        if (!res.headersSent) fail(res, 500, 'Internal error');
        else res.destroy();
      }),
    );
  });

  answerClientErrors(server);

  const purge = (): Promise<number> => track(context.store.purgeExpired(now()));
  const purgeLogged = (): void =>
    void purge().then(
      (count) => count > 0 && log(`purged ${count} expired share${count === 1 ? '' : 's'}`),
      (error: unknown) => log(`purge failed: ${(error as Error).message}`),
    );
  const timer = setInterval(purgeLogged, options.purgeEveryMs ?? PURGE_EVERY_MS);
  // The purge alone does not keep the process alive.
  timer.unref();
  server.once('listening', purgeLogged);

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    const closed = new Promise<void>((done) => server.close(() => done()));
    // Idle keep-alive connections are closed at once, and each busy one as soon as its response is out
    // (those answered from now on say `connection: close`).
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    try {
      await closed;
      while (pending.size > 0) await Promise.allSettled([...pending]);
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
    await context.store.close();
  }

  return { server, purge, close };
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, extname, resolve, sep } from 'node:path';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';

export const HISTORY_PREFIX = '/__msgscope/history/';

/**
 * Sent with every response the handler writes. The history is served to its own page only: no other page
 * may frame it (clickjacking), read it through a window it opened (COOP) or embed its files (CORP).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Request line and headers together; Node answers 431 past it. The app's own requests take a few hundred bytes. */
export const MAX_HEADER_BYTES = 8 * 1024;

/** The loopback address `msgscope open` listens on, by each name a browser may use for it. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface AppServerOptions {
  /** Host names (or addresses) the server is also reached by, e.g. the address `--host` makes it listen on. */
  hosts?: readonly string[];
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The URL path the history is served at; the name is reduced to safe characters so it needs no escaping in `?src=`. */
export function historyPath(file: string): string {
  const name =
    basename(file)
      .replace(/[^\w.-]/g, '_')
      .replace(/^\.+/, '') || 'history';
  return HISTORY_PREFIX + name;
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/**
 * The `Host` values a request may carry to be served: a loopback name or one the caller gave, with the port
 * the request came in on (bare as well on port 80, which browsers leave out). A page on another name that
 * resolves to 127.0.0.1 (DNS rebinding) sends its own name and is refused.
 */
export function allowedHosts(port: number, hosts: readonly string[] = []): Set<string> {
  const names = [...LOOPBACK_NAMES, ...hosts.map((host) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host))];
  return new Set(names.flatMap((name) => [`${name}:${port}`.toLowerCase(), ...(port === 80 ? [name.toLowerCase()] : [])]));
}

/** Whether the request carries a body: the server takes none, so any is refused unread. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Resolves a request path inside root, or undefined when it would leave root. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const target = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  return target === base || target.startsWith(base + sep) ? target : undefined;
}

export async function sendFile(req: IncomingMessage, res: ServerResponse, path: string, type: string, cache: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return false;
  res.writeHead(200, { 'content-type': type, 'content-length': info.size, 'cache-control': cache });
  if (req.method === 'HEAD') res.end();
  else createReadStream(path).pipe(res);
  return true;
}

async function handle(req: IncomingMessage, res: ServerResponse, appDir: string, historyFile: string, hosts: readonly string[]): Promise<void> {
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !allowedHosts(req.socket.localPort ?? 0, hosts).has(host))
    return send(res, 421, 'Misdirected request: this server answers only to its own address\n');
  if (hasBody(req)) return send(res, 413, 'This server takes no request body\n', { connection: 'close' });
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed\n');
  const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  // Read the history from disk on every request so a reload shows the file as it is now.
  if (pathname === historyPath(historyFile)) {
    if (await sendFile(req, res, historyFile, 'application/json; charset=utf-8', 'no-store')) return;
    return send(res, 404, 'The history file is gone\n');
  }
  let target = resolveInside(appDir, pathname);
  if (target === undefined) return send(res, 403, 'Forbidden\n');
  if ((await stat(target).catch(() => undefined))?.isDirectory()) target = resolve(target, 'index.html');
  if (await sendFile(req, res, target, mimeType(target), 'no-cache')) return;
  send(res, 404, 'Not found\n');
}

/** Node's parser errors and what it answers to each when no 'clientError' listener does (lib/_http_server.js). */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; reason: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout' },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request' };

/** How long a refused connection may go on sending before it is cut: long enough to take in the rest of its headers. */
export const CLIENT_ERROR_LINGER_MS = 2000;

/** The whole response to a request Node could not parse: status, the security headers, a one-line body. */
export function clientErrorResponse(code: string | undefined): string {
  const { status, reason } = (code !== undefined && CLIENT_ERRORS[code]) || BAD_REQUEST;
  const body = `${reason}\n`;
  const headers = { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}`;
}

/**
 * Answers the requests Node's parser refuses (malformed: 400; headers past maxHeaderSize: 431) with the
 * security headers, which Node's own answer lacks. As Node does, nothing is written when a response on
 * the connection has begun (it would corrupt it). Unlike Node, the connection is not cut at once: it is
 * ended after the answer and read on until the client closes, at most CLIENT_ERROR_LINGER_MS, because
 * cutting it while the client still sends makes the kernel reset it, and a reset can lose the answer.
 */
export function answerClientErrors(server: Server): void {
  const inFlight = new WeakMap<Socket, Set<ServerResponse>>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    let responses = inFlight.get(socket);
    if (responses === undefined) inFlight.set(socket, (responses = new Set()));
    responses.add(res);
    const done = (): void => void responses.delete(res);
    res.once('finish', done);
    res.once('close', done);
  });
  const refused = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node calls this again for each piece the client sends after the error, and once more when it ends.
    if (refused.has(socket)) return;
    refused.add(socket);
    const begun = [...(socket instanceof Socket ? (inFlight.get(socket) ?? []) : [])].some((res) => res.headersSent);
    if (!socket.writable || begun || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
    // Read and drop the rest; the client closes when it has the answer, or the timer cuts it.
    const cut = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    socket.resume();
  });
}

/**
 * A static server for the built app plus the one history file; nothing else on disk is reachable, and only
 * requests addressed to the server itself (see allowedHosts), without a body, are answered.
 */
export function createAppServer(appDir: string, historyFile: string, options: AppServerOptions = {}): Server {
  // requireHostHeader: false lets an HTTP/1.1 request without Host reach the handler, which answers it 421
  // with the security headers, where Node would answer 400 without them.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false }, (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    handle(req, res, appDir, historyFile, options.hosts ?? []).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, `${String(error)}\n`);
      else res.destroy();
    });
  });
  answerClientErrors(server);
  return server;
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, extname, resolve, sep } from 'node:path';

export const HISTORY_PREFIX = '/__msgscope/history/';

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
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '') || 'history';
  return HISTORY_PREFIX + name;
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
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

async function sendFile(req: IncomingMessage, res: ServerResponse, path: string, type: string, cache: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return false;
  res.writeHead(200, { 'content-type': type, 'content-length': info.size, 'cache-control': cache, 'x-content-type-options': 'nosniff' });
  if (req.method === 'HEAD') res.end();
  else createReadStream(path).pipe(res);
  return true;
}

async function handle(req: IncomingMessage, res: ServerResponse, appDir: string, historyFile: string): Promise<void> {
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

/** A static server for the built app plus the one history file; nothing else on disk is reachable. */
export function createAppServer(appDir: string, historyFile: string): Server {
  return createServer((req, res) => {
    handle(req, res, appDir, historyFile).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, `${String(error)}\n`);
      else res.destroy();
    });
  });
}

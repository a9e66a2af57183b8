// The share server behind short links (docs/SHARING.md): `msgscope serve`, which serves this page too, or the server
// a static deployment names in msgscope.config.json beside index.html. Asked only when the user opens the Share
// menu or a short link: the page makes no request of its own at start-up.
import { isRecord, parseJson } from '../../core/json/value';
import { pageOrigin, resolveAgainstPage, servedOverHttp } from '../../store/url';

export type Expiry = '1d' | '30d' | 'never';

export const EXPIRY_LABELS: Readonly<Record<Expiry, string>> = { '1d': '1 day', '30d': '30 days', never: 'Never' };
const EXPIRIES: readonly Expiry[] = ['1d', '30d', 'never'];
const isExpiry = (value: unknown): value is Expiry => EXPIRIES.some((expiry) => expiry === value);

export const CONFIG_FILE = 'msgscope.config.json';

export type ShortLinks =
  | { available: true; server: string; maxBytes?: number; expires: Expiry[]; defaultExpires: Expiry }
  /** `reason` when a server was named but does not answer: the menu says so rather than hide the way. */
  | { available: false; reason?: string };

export interface Created {
  id: string;
  deleteToken: string;
  /** ISO time, or null: never. */
  expiresAt: string | null;
}

/** `url`'s body as JSON when it answers 200 with JSON; undefined for anything else (no such file, an HTML fallback page, no network). */
async function readJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) return undefined;
    return parseJson(await response.text())?.value;
  } catch {
    return undefined;
  }
}

/** The server msgscope.config.json names (`{ "shareServer": "https://…" }`), without a trailing slash; undefined: none. */
async function namedServer(): Promise<string | undefined> {
  const value = await readJson(resolveAgainstPage(CONFIG_FILE));
  if (!isRecord(value) || typeof value.shareServer !== 'string') return undefined;
  try {
    const url = new URL(value.shareServer);
    // The server's origin and path, without the slash the URL ends with: API paths are added after it.
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')}` : undefined;
  } catch {
    return undefined;
  }
}

const hostOf = (server: string): string => new URL(server).host;

/** Where a short link's blob is: on the server msgscope.config.json names, else on the page's own origin. */
export async function shareUrl(id: string): Promise<string> {
  const server = (await namedServer()) ?? pageOrigin();
  return `${server}/api/shares/${encodeURIComponent(id)}`;
}

async function discover(): Promise<ShortLinks> {
  // Both at once: a page served by `msgscope serve` has no config file, a static one no API.
  const [named, own] = await Promise.all([namedServer(), readJson(`${pageOrigin()}/api/config`)]);
  const server = named ?? pageOrigin();
  const config = named === undefined ? own : await readJson(`${named}/api/config`);
  if (!isRecord(config) || config.shortLinks !== true) {
    return named === undefined
      ? { available: false }
      : { available: false, reason: `The share server ${hostOf(named)} (named in ${CONFIG_FILE}) does not answer.` };
  }
  // WebCrypto, which seals the history, exists only on secure pages (https:, or http: on a loopback name).
  if (!window.isSecureContext) {
    return { available: false, reason: `${hostOf(server)} makes short links, but this page cannot encrypt: browsers do so only on https:// pages.` };
  }
  const expires = Array.isArray(config.expires) ? config.expires.filter(isExpiry) : [];
  const offered = expires.length > 0 ? expires : [...EXPIRIES];
  const defaultExpires =
    isExpiry(config.defaultExpires) && offered.includes(config.defaultExpires) ? config.defaultExpires : offered.includes('30d') ? '30d' : offered[0]!;
  const maxBytes = typeof config.maxBytes === 'number' && config.maxBytes > 0 ? { maxBytes: config.maxBytes } : {};
  return { available: true, server, expires: offered, defaultExpires, ...maxBytes };
}

let discovered: Promise<ShortLinks> | undefined;

/** Whether short links can be made from this page, asked once (again after a server that did not answer). */
export function discoverShortLinks(): Promise<ShortLinks> {
  // A page opened from a file (the single HTML file) may make no request at all.
  if (!servedOverHttp()) return Promise.resolve({ available: false });
  const asked = (discovered ??= discover());
  void asked.then((found) => {
    if (!found.available && found.reason !== undefined && discovered === asked) discovered = undefined;
  });
  return asked;
}

const serverError = async (response: Response): Promise<string | undefined> => {
  const body = parseJson(await response.text().catch(() => ''))?.value;
  return isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
};

const megabytes = (bytes: number): string => `${Math.round(bytes / 1e5) / 10} MB`;

/** Uploads a sealed blob; throws the sentence to show when the server refuses it or cannot be reached. */
export async function uploadShare(server: string, blob: Uint8Array<ArrayBuffer>, expires: Expiry, maxBytes?: number): Promise<Created> {
  let response: Response;
  try {
    response = await fetch(`${server}/api/shares?expires=${expires}`, { method: 'POST', body: blob, headers: { 'content-type': 'application/octet-stream' } });
  } catch (error) {
    throw new Error(`The share server ${hostOf(server)} cannot be reached (${error instanceof Error ? error.message : String(error)}). Nothing was uploaded.`, {
      cause: error,
    });
  }
  if (response.status === 413) {
    const limit = maxBytes !== undefined ? ` (${megabytes(maxBytes)})` : '';
    throw new Error(
      `The history is too large for ${hostOf(server)}: ${megabytes(blob.length)} encrypted, over its limit${limit}. Download it as an HTML file instead.`,
    );
  }
  if (response.status === 429) {
    const wait = response.headers.get('retry-after');
    throw new Error(`${hostOf(server)} takes no more uploads from you for now${wait ? `: try again in ${wait} seconds` : ''}.`);
  }
  if (response.status !== 201) {
    const reason = await serverError(response);
    throw new Error(`${hostOf(server)} refused the upload (HTTP ${response.status}${reason !== undefined ? `: ${reason}` : ''}).`);
  }
  const body = parseJson(await response.text())?.value;
  if (
    !isRecord(body) ||
    typeof body.id !== 'string' ||
    typeof body.deleteToken !== 'string' ||
    !(body.expiresAt === null || typeof body.expiresAt === 'string')
  ) {
    throw new Error(`${hostOf(server)} answered the upload with something that is not a share. Is it a msgscope share server?`);
  }
  return { id: body.id, deleteToken: body.deleteToken, expiresAt: body.expiresAt };
}

/** Deletes a share with its delete token; one already gone counts as deleted. Throws the sentence to show otherwise. */
export async function deleteShare(server: string, id: string, token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${server}/api/shares/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { 'x-delete-token': token } });
  } catch (error) {
    throw new Error(`The share server ${hostOf(server)} cannot be reached (${error instanceof Error ? error.message : String(error)}): the link still works.`, {
      cause: error,
    });
  }
  if (response.status === 204 || response.status === 404 || response.status === 410) return;
  if (response.status === 403) throw new Error(`${hostOf(server)} refused: the delete token kept in this browser is not this link's.`);
  throw new Error(`${hostOf(server)} did not delete the link (HTTP ${response.status}): it still works.`);
}

// The page's URL has one owner: everything that reads `location` or changes the address goes through here.

/** Parameters to set in the address; null removes one. */
export type UrlParams = Record<string, string | null>;

export interface UrlChange {
  /** In the query: `?src=…`. */
  query?: UrlParams;
  /** In the hash, written like a query: `#m=12`, for links to a place in the history. */
  hash?: UrlParams;
}

/** The history a link asks for (`?src=URL`), or null. */
export function linkedSource(): string | null {
  return new URLSearchParams(window.location.search).get('src');
}

/** The conversation a link opens in a file of several (`#c=2` is the second), as a position from 0; undefined when none. */
export function linkedConversation(): number | undefined {
  const value = new URLSearchParams(window.location.hash.slice(1)).get('c');
  return value !== null && /^[1-9]\d*$/.test(value) ? Number(value) - 1 : undefined;
}

/** `#c=N` for the conversation open (from 0), none for the first or a file of one. */
export const conversationHash = (open: number | undefined): UrlParams => ({ c: open === undefined || open === 0 ? null : String(open + 1) });

/** `url` made absolute against the page (the worker resolves against its own script, so it needs it whole). */
export function resolveAgainstPage(url: string): string {
  return new URL(url, window.location.href).href;
}

/** The fragment's parameters (`#h=…&m=3`), read like a query. */
export function linkedFragment(): URLSearchParams {
  return new URLSearchParams(window.location.hash.slice(1));
}

/** Whether the page is served over HTTP(S): a page opened from a file (the single HTML file) has no server to ask. */
export function servedOverHttp(): boolean {
  return window.location.protocol === 'http:' || window.location.protocol === 'https:';
}

/** The page's own origin, e.g. `http://127.0.0.1:5178`. */
export function pageOrigin(): string {
  return window.location.origin;
}

/** A link to this page, without its query, carrying `hash` (written like a query) in its fragment. */
export function pageLink(hash: UrlParams): string {
  const url = new URL(window.location.href);
  url.search = '';
  const params = new URLSearchParams();
  apply(params, hash);
  url.hash = fragmentText(params);
  return url.href;
}

/** The address with `change` applied, without going there. */
export function currentLink(change: UrlChange = {}): string {
  const url = new URL(window.location.href);
  if (change.query) apply(url.searchParams, change.query);
  if (change.hash) {
    const hash = new URLSearchParams(url.hash.slice(1));
    apply(hash, change.hash);
    url.hash = fragmentText(hash);
  }
  return url.href;
}

/** Changes the address in place: no new history entry, no reload, the scroll position and history state kept. */
export function writeUrl(change: UrlChange): void {
  const href = currentLink(change);
  // Unchanged, it is not written: browsers limit how often a page may replace its address.
  if (href !== window.location.href) window.history.replaceState(window.history.state, '', href);
}

/** Parameters written as a fragment; a comma, which a fragment may hold as it is, stays one (`role=human,ai`). */
const fragmentText = (params: URLSearchParams): string => params.toString().replace(/%2C/g, ',');

function apply(params: URLSearchParams, changes: UrlParams): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
}

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

/** Changes the address in place: no new history entry, no reload, the scroll position and history state kept. */
export function writeUrl(change: UrlChange): void {
  const url = new URL(window.location.href);
  if (change.query) apply(url.searchParams, change.query);
  if (change.hash) {
    const hash = new URLSearchParams(url.hash.slice(1));
    apply(hash, change.hash);
    url.hash = hash.toString();
  }
  window.history.replaceState(window.history.state, '', url.href);
}

function apply(params: URLSearchParams, changes: UrlParams): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
}

// Which addresses in message content the page makes into something to click. Content is untrusted: a link is an
// absolute http(s) or mailto URL, opened in a new tab without the page as its opener or referrer; anything else
// (javascript:, data:, vbscript:, file:, a relative path, a #fragment, which would rewrite this page's own address)
// stays text.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The URL to link to, or undefined when `text` is no link the page opens. */
export function linkTarget(text: string): string | undefined {
  const url = parsed(text);
  return url && LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

/** An http(s) URL of a picture, which the page fetches only when asked, or undefined. */
export function remoteImage(text: string): { url: string; host: string } | undefined {
  const url = parsed(text);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? { url: url.href, host: url.host } : undefined;
}

/** Attributes every link to elsewhere carries. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

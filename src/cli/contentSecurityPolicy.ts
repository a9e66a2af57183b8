// What the built app loads, and nothing else: its own scripts (the entry, its chunks and the import worker,
// a module worker from /assets), its one stylesheet (React sets styles through the DOM, which style-src does
// not govern), fetches of its own files and of the URLs a user loads (`?src=`, which may be anywhere), and images
// from data: and blob: URLs only (a remote picture the user asks for is fetched, then shown from a blob: URL).
// No fonts, frames, plugins, forms or <base>. docs/SECURITY.md says why each directive is there.

/** The policy a page can set itself in a <meta> tag; index.html carries it for static hosts (a test keeps them equal). */
export const META_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Pictures in message content: inline (data:) and fetched on the user's click into a blob: URL; never from a host.
  'img-src data: blob:',
  "connect-src 'self' *",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** What `msgscope open` sends with every response, the worker script's included: the meta policy, and no framing, which only a header can say. */
export const CONTENT_SECURITY_POLICY = `${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

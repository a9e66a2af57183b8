// Fetching a remote picture the user asked for. The page's policy lets images come from data: and blob: URLs only
// (docs/SECURITY.md), so an <img> pointing elsewhere loads nothing even if one slipped into the DOM; a picture the
// user asks for is fetched (connect-src), without cookies or a referrer, and shown from a blob: URL of its bytes.

/** Larger answers are not read. */
export const REMOTE_IMAGE_MAX_BYTES = 25_000_000;

export type ImageFetchFailure =
  /** This page's Content-Security-Policy refuses the request (the single HTML file requests nothing). */
  { reason: 'policy'; message: string } | { reason: 'failed'; message: string };

export class ImageFetchError extends Error {
  constructor(readonly failure: ImageFetchFailure) {
    super(failure.message);
  }
}

/** Whether this page's own <meta> policy forbids every request (the single HTML file): then a button says so up front. */
export function requestsForbidden(): boolean {
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy" i]');
  const policy = meta?.getAttribute('content') ?? '';
  return /(?:^|;)\s*connect-src\s+'none'\s*(?:;|$)/i.test(policy);
}

/** The picture at `url` as a blob: URL (the caller revokes it), or an ImageFetchError saying why not. */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<string> {
  const origin = new URL(url).origin;
  const policy = { refused: false };
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    if (event.blockedURI.startsWith(origin)) policy.refused = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', mode: 'cors', ...(signal && { signal }) });
    if (!response.ok) throw new ImageFetchError({ reason: 'failed', message: `the server answered ${response.status}` });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith('image/')) throw new ImageFetchError({ reason: 'failed', message: `it is not an image (${type || 'no content type'})` });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > REMOTE_IMAGE_MAX_BYTES)
      throw new ImageFetchError({ reason: 'failed', message: `it is ${Math.round(length / 1e6)} MB, over the 25 MB shown here` });
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength > REMOTE_IMAGE_MAX_BYTES) throw new ImageFetchError({ reason: 'failed', message: 'it is over the 25 MB shown here' });
    const objectUrl = URL.createObjectURL(new Blob([bytes], { type }));
    // Bytes that are no picture would show as a broken one: said instead.
    const probe = new Image();
    probe.src = objectUrl;
    try {
      await probe.decode();
    } catch {
      URL.revokeObjectURL(objectUrl);
      throw new ImageFetchError({ reason: 'failed', message: `the browser cannot show what it sent as ${type}` });
    }
    return objectUrl;
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    // The violation event may come a moment after the refusal.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (policy.refused || requestsForbidden())
      throw new ImageFetchError({ reason: 'policy', message: "this page's Content-Security-Policy allows it no request to that host" });
    const detail = error instanceof Error ? error.message : String(error);
    throw new ImageFetchError({ reason: 'failed', message: `the request failed (${detail}; the host may not allow other sites to read its images)` });
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

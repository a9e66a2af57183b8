// A shared history, unpacked here rather than on the page: inflating a link of megabytes, or decrypting a short
// link's blob, would otherwise freeze the page while it opens. Each failure throws the sentence the page shows.
import { openShare } from '../core/share/encrypt';
import { decodeInlinePayload, type ShareMeta } from '../core/share/payload';

export interface Unpacked {
  bytes: Uint8Array;
  meta: ShareMeta;
}

/** The history an inline payload (`#h=1.…`) carries. */
export async function unpackInline(value: string): Promise<Unpacked> {
  const decoded = await decodeInlinePayload(value);
  if ('error' in decoded) throw new Error(decoded.error);
  return decoded;
}

/** The history a short link names: its blob fetched from the share server, then opened with the link's key. */
export async function unpackSealed({ url, key }: { url: string; key: string }): Promise<Unpacked> {
  // A key cut short (a chat app cut the link) is known before asking the server for a blob it cannot open.
  if (!/^[\w-]{43}$/.test(key)) {
    throw new Error(
      `This short link was cut or damaged: the key after its "." is 43 characters, this one has ${key.length}. Copy the whole link again, exactly as it was made.`,
    );
  }
  const opened = await openShare(await fetchBlob(url), key);
  if ('error' in opened) throw new Error(opened.message);
  return opened;
}

async function fetchBlob(url: string): Promise<Uint8Array> {
  const server = new URL(url).host;
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The share server ${server} cannot be reached (${reason}). Check your connection, or ask whoever sent the link whether the server is up.`, {
      cause: error,
    });
  }
  // The server says why in its JSON body, but these two the user must tell apart in words of their own.
  if (response.status === 404) throw new Error(`This short link does not exist on ${server}: it was deleted, or the link is mistyped or cut.`);
  if (response.status === 410) throw new Error(`This short link has expired: ${server} no longer keeps its history. Ask whoever sent it for a new one.`);
  if (!response.ok) throw new Error(`The share server ${server} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  return new Uint8Array(await response.arrayBuffer());
}

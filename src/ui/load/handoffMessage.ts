// What another page may post to msgscope's window to open a history in it (docs/SHARING.md, "Open from another
// tool"): Perfetto's handshake (the opener posts 'PING' until this window answers 'PONG'), then
// `{ msgscope: { text | buffer, title?, select? } }`. Posted data enters as `unknown` and is read, never cast.

export const PING = 'PING';
export const PONG = 'PONG';

/** A title is cut to this: it names the history in the header and the trust prompt. */
const TITLE_CHARS = 200;

export interface Handoff {
  /** The history: text as posted, or its bytes (a gzip or zip is opened as a dropped file would be). */
  input: string | Blob;
  /** Names the history where a file name would; absent when the page sent none. */
  title?: string;
  /** The message to select once it is open (`#N` as the app shows it). */
  select?: number;
  /** Characters of text, or bytes. */
  size: number;
}

/** Not a message for msgscope at all (another script's traffic): ignored. */
export const NOT_OURS = Symbol('not ours');

/** Reads a posted message: a handoff, a message for msgscope that cannot be read (why), or NOT_OURS. */
export function readHandoff(data: unknown): Handoff | { error: string } | typeof NOT_OURS {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'msgscope')) return NOT_OURS;
  const body = field(data, 'msgscope');
  if (typeof body !== 'object' || body === null) return { error: 'its "msgscope" is not an object with "text" or "buffer".' };
  const text = field(body, 'text');
  const buffer = field(body, 'buffer');
  const title = field(body, 'title');
  const select = field(body, 'select');
  let input: string | Blob;
  let size: number;
  if (typeof text === 'string' && buffer === undefined) {
    input = text;
    size = text.length;
  } else if (text === undefined && (buffer instanceof ArrayBuffer || ArrayBuffer.isView(buffer))) {
    // Copied: a view may be of a SharedArrayBuffer, which a Blob does not take.
    input = new Blob([buffer instanceof ArrayBuffer ? buffer : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice()]);
    size = input.size;
  } else return { error: 'it needs either "text" (a string) or "buffer" (an ArrayBuffer or typed array), not both.' };
  if (title !== undefined && typeof title !== 'string') return { error: '"title" is not a string.' };
  if (select !== undefined && !(typeof select === 'number' && Number.isInteger(select) && select >= 0)) {
    return { error: '"select" is not a message number (an integer from 0).' };
  }
  const named = title?.trim();
  return {
    input,
    size,
    ...(named !== undefined && named !== '' && { title: named.length > TITLE_CHARS ? `${named.slice(0, TITLE_CHARS - 1)}…` : named }),
    ...(select !== undefined && { select }),
  };
}

/** `object[key]` when the object holds it itself (not from its prototype). */
function field(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (Object.getOwnPropertyDescriptor(object, key)?.value as unknown) : undefined;
}

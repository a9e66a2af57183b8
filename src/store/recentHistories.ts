// The histories this browser keeps, so that nothing is lost on reload: each one opened (pasted, dropped, chosen,
// opened from a link or handed over by another page), its bytes or its link, its name, the *Read as* format
// chosen and when, in IndexedDB on this origin only. Nothing here is sent anywhere. The newest RECENT_ENTRIES, up
// to RECENT_TOTAL_BYTES in all, are kept (recentLimits.ts); *Recent ▸ Clear* deletes them.
import { isRecord } from '../core/json/value';
import type { ImportInput } from '../protocol/workerApi';
import { overLimits, RECENT_ENTRY_BYTES } from './recentLimits';

/** What reopens a history: its bytes, or the link it came from (`?src=`, a shared link's payload or short link). */
export type SavedInput = Blob | { url: string } | { inline: string } | { sealed: { url: string; key: string } };

export interface SavedHistory {
  /** The bytes' digest, or the link: the same history opened again replaces its entry. */
  id: string;
  /** The name it was shown under: a file name, `paste`, a URL. */
  name: string;
  input: SavedInput;
  /** The format the user chose with *Read as*; absent when detection chose. */
  format?: string;
  /** Of a file of several conversations, the one it opened. */
  conversation?: number;
  /** Bytes (for a link, the link's length). */
  size: number;
  /** When it was last opened, in ms since the epoch. */
  savedAt: number;
}

const DB_NAME = 'msgscope';
const DB_VERSION = 1;
const HISTORIES = 'histories';
/**
 * One record, `last`: the id of the history on screen when the page closed, or `{sample: file}` for a built-in sample
 * (null, as older versions wrote, for the default one).
 */
const STATE = 'state';
const LAST = 'last';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(HISTORIES)) db.createObjectStore(HISTORIES, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(STATE)) db.createObjectStore(STATE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
    // Another tab holds an older version open: give up rather than wait (the page works without it).
    request.onblocked = () => reject(new Error('IndexedDB is held by another tab.'));
  });
  // A failure is not kept: the next call tries again.
  opened.catch(() => (opened = undefined));
  return opened;
}

const result = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });

const completed = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed.'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted (the disk may be full).'));
  });

/** The histories kept, the newest first. */
export async function recentHistories(): Promise<SavedHistory[]> {
  const db = await database();
  const all = await result(db.transaction(HISTORIES).objectStore(HISTORIES).getAll() as IDBRequest<unknown[]>);
  return all.filter(isSaved).sort((a, b) => b.savedAt - a.savedAt);
}

/** What was on screen last, to reopen at start-up: a history kept, or the built-in sample of that file; undefined for none. */
export async function lastOnScreen(): Promise<{ history: SavedHistory } | { sample: string } | undefined> {
  const db = await database();
  const tx = db.transaction([STATE, HISTORIES]);
  const last: unknown = await result(tx.objectStore(STATE).get(LAST));
  if (isRecord(last) && typeof last.sample === 'string') return { sample: last.sample };
  if (typeof last !== 'string') return undefined;
  const entry: unknown = await result(tx.objectStore(HISTORIES).get(last));
  return isSaved(entry) ? { history: entry } : undefined;
}

/**
 * Keeps `input` as the last history opened (or, for one too large to keep, forgets which was last, so that a
 * reload does not bring back an older one in its place), then drops the oldest past the limits.
 */
export async function rememberHistory(input: ImportInput, name: string, format?: string, conversation?: number): Promise<void> {
  const saved: SavedInput = typeof input === 'string' ? new Blob([input]) : input;
  const size = sizeOf(saved);
  const db = await database();
  if (size > RECENT_ENTRY_BYTES) {
    await markLast(db, null);
    return;
  }
  const entry: SavedHistory = {
    id: await idOf(saved),
    name,
    input: saved,
    ...(format !== undefined && { format }),
    ...(conversation !== undefined && { conversation }),
    size,
    savedAt: Date.now(),
  };
  const tx = db.transaction([HISTORIES, STATE], 'readwrite');
  tx.objectStore(HISTORIES).put(entry);
  tx.objectStore(STATE).put(entry.id, LAST);
  await completed(tx);
  const kept = await recentHistories();
  const drop = overLimits(kept);
  if (drop.length === 0) return;
  const pruning = db.transaction(HISTORIES, 'readwrite');
  for (const id of drop) pruning.objectStore(HISTORIES).delete(id);
  await completed(pruning);
}

/** The built-in sample `file` is on screen: a reload shows it again, not the history before it. */
export async function rememberSample(file: string): Promise<void> {
  await markLast(await database(), { sample: file });
}

/** Deletes every history kept, and which was last. */
export async function clearHistories(): Promise<void> {
  const db = await database();
  const tx = db.transaction([HISTORIES, STATE], 'readwrite');
  tx.objectStore(HISTORIES).clear();
  tx.objectStore(STATE).clear();
  await completed(tx);
}

async function markLast(db: IDBDatabase, id: string | { sample: string } | null): Promise<void> {
  const tx = db.transaction(STATE, 'readwrite');
  tx.objectStore(STATE).put(id, LAST);
  await completed(tx);
}

function sizeOf(input: SavedInput): number {
  if (input instanceof Blob) return input.size;
  if ('url' in input) return input.url.length;
  if ('inline' in input) return input.inline.length;
  return input.sealed.url.length + input.sealed.key.length;
}

/** Bytes read whole for their digest up to this size; past it, the first and last of them and the size. */
const DIGEST_WHOLE = 16 * 1024 * 1024;
const DIGEST_SAMPLE = 4 * 1024 * 1024;

async function idOf(input: SavedInput): Promise<string> {
  if (!(input instanceof Blob)) {
    if ('url' in input) return `url:${input.url}`;
    if ('sealed' in input) return `short:${input.sealed.url}`;
    return `inline:${await digest(new TextEncoder().encode(input.inline))}`;
  }
  const bytes =
    input.size <= DIGEST_WHOLE
      ? new Uint8Array(await input.arrayBuffer())
      : new Uint8Array(await new Blob([input.slice(0, DIGEST_SAMPLE), input.slice(input.size - DIGEST_SAMPLE)]).arrayBuffer());
  return `bytes:${input.size}:${await digest(bytes)}`;
}

/** SHA-256 in hex; outside a secure context, where WebCrypto is absent, a 53-bit FNV-style hash (only to tell entries apart). */
async function digest(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  // [SecureContext]: outside one, the property is not there at all.
  if ('subtle' in crypto) {
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const byte of bytes) {
    h1 = Math.imul(h1 ^ byte, 0x01000193);
    h2 = Math.imul(h2 ^ byte, 0x5bd1e995);
  }
  return ((h2 >>> 0) * 0x200000 + (h1 >>> 11)).toString(16);
}

/** A record as this module writes it: anything else in the store (another version's) is skipped, not trusted. */
function isSaved(value: unknown): value is SavedHistory {
  if (!isRecord(value)) return false;
  const { id, name, size, savedAt, input, format, conversation } = value;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof size === 'number' &&
    typeof savedAt === 'number' &&
    (format === undefined || typeof format === 'string') &&
    (conversation === undefined || typeof conversation === 'number') &&
    isSavedInput(input)
  );
}

function isSavedInput(input: unknown): input is SavedInput {
  if (input instanceof Blob) return true;
  if (!isRecord(input)) return false;
  if (typeof input.url === 'string' || typeof input.inline === 'string') return true;
  const { sealed } = input;
  return isRecord(sealed) && typeof sealed.url === 'string' && typeof sealed.key === 'string';
}

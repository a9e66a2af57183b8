// The short links made in this browser, with their delete tokens: the server gives a token once, to its creator,
// and only it can delete the share. Kept in localStorage, never sent anywhere but to that server's DELETE.
import { isRecord, parseJson } from '../../core/json/value';

export interface OwnLink {
  server: string;
  id: string;
  deleteToken: string;
  expiresAt: string | null;
  /** When it was made, ISO. */
  createdAt: string;
}

const KEY = 'msgscope.shortLinks';

const isOwnLink = (value: unknown): value is OwnLink =>
  isRecord(value) &&
  typeof value.server === 'string' &&
  typeof value.id === 'string' &&
  typeof value.deleteToken === 'string' &&
  (value.expiresAt === null || typeof value.expiresAt === 'string') &&
  typeof value.createdAt === 'string';

/** The links made here that have not expired, newest first. Storage that is off or unreadable holds none. */
export function ownLinks(now = Date.now()): OwnLink[] {
  let stored: string | null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    return [];
  }
  const value = stored === null ? undefined : parseJson(stored)?.value;
  if (!Array.isArray(value)) return [];
  return value.filter(isOwnLink).filter((link) => link.expiresAt === null || Date.parse(link.expiresAt) > now);
}

function save(links: readonly OwnLink[]): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify(links));
    return true;
  } catch {
    return false;
  }
}

/** Keeps a new link's token; false when this browser keeps nothing (private mode, storage full). */
export function rememberOwnLink(link: OwnLink): boolean {
  return save([link, ...ownLinks().filter((other) => other.server !== link.server || other.id !== link.id)]);
}

export function forgetOwnLink(server: string, id: string): void {
  save(ownLinks().filter((link) => link.server !== server || link.id !== id));
}

const CONFIRMED_KEY = 'msgscope.shortLinks.confirmed';

/** Whether the user has confirmed once, in this browser, that anyone with a short link can read it. */
export function uploadConfirmed(): boolean {
  try {
    return localStorage.getItem(CONFIRMED_KEY) === '1';
  } catch {
    return false;
  }
}

export function confirmUpload(): void {
  try {
    localStorage.setItem(CONFIRMED_KEY, '1');
  } catch {
    // Not kept: the confirmation is asked again next time, which is the safe side.
  }
}

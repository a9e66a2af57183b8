import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A share id is its expiry and 16 random bytes: `<7 base-36 digits: the expiry in whole seconds since 1970>`
// `<22 base64url characters>`, 29 characters. The expiry in the id lets the server answer 410 for a share
// whose blob is already purged, with no tombstone kept anywhere, and makes ids sort by expiry, so a store can
// find what has expired by listing keys in order (the S3 store does). The random part makes ids unguessable.

const EXPIRY_DIGITS = 7;
/** The largest 7-digit base-36 number, written for shares that never expire: it sorts after every date. */
const NEVER = 'z'.repeat(EXPIRY_DIGITS);
const SHARE_ID = /^[0-9a-z]{7}[\w-]{22}$/;

export const SHARE_ID_LENGTH = EXPIRY_DIGITS + 22;

/** The expiry as it is written in an id: seconds, so the time said to the creator is the one kept. */
export function roundExpiry(expiresAt: number | null): number | null {
  return expiresAt === null ? null : Math.ceil(expiresAt / 1000) * 1000;
}

export function newShareId(expiresAt: number | null): string {
  const rounded = roundExpiry(expiresAt);
  const random = randomBytes(16).toString('base64url');
  if (rounded === null) return NEVER + random;
  const expiry = (rounded / 1000).toString(36).padStart(EXPIRY_DIGITS, '0');
  if (rounded < 0 || expiry.length !== EXPIRY_DIGITS || expiry === NEVER) throw new RangeError(`expiry out of range: ${rounded}`);
  return expiry + random;
}

/** The expiry an id carries (null: never), or undefined when the text is no share id. */
export function shareIdExpiry(id: string): { expiresAt: number | null } | undefined {
  if (!SHARE_ID.test(id)) return undefined;
  const expiry = id.slice(0, EXPIRY_DIGITS);
  return { expiresAt: expiry === NEVER ? null : parseInt(expiry, 36) * 1000 };
}

export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}

/** The token that deletes a share: returned once to its creator, kept only as its hash. */
export function newDeleteToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeleteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares hashes in constant time, so the answer's timing tells nothing about how much of a guess was right. */
export function deleteTokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(hashDeleteToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

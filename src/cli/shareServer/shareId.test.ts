import { describe, expect, it } from 'vitest';
import { deleteTokenMatches, hashDeleteToken, isExpired, newDeleteToken, newShareId, roundExpiry, SHARE_ID_LENGTH, shareIdExpiry } from './shareId';

const AT = Date.UTC(2026, 11, 2, 12, 0, 0, 250);

describe('share ids', () => {
  it('carry their expiry, rounded up to the second, or never', () => {
    const id = newShareId(AT);
    expect(id).toHaveLength(SHARE_ID_LENGTH);
    expect(shareIdExpiry(id)).toEqual({ expiresAt: Date.UTC(2026, 11, 2, 12, 0, 1) });
    expect(roundExpiry(AT)).toBe(Date.UTC(2026, 11, 2, 12, 0, 1));
    expect(shareIdExpiry(newShareId(null))).toEqual({ expiresAt: null });
    expect(newShareId(null).startsWith('zzzzzzz')).toBe(true);
  });

  it('are unguessable: 16 random bytes each', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newShareId(AT).slice(7)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, 'base64url')).toHaveLength(16);
  });

  it('sort by expiry, never last, so a store can list what has expired first', () => {
    const times = [0, 1000, 59_000, AT, AT + 1000, AT + 86_400_000 * 365 * 100];
    const ids = [...times.map((time) => newShareId(time)), newShareId(null)];
    expect([...ids].sort()).toEqual(ids);
  });

  it('read nothing else as an id', () => {
    for (const text of [
      '',
      'x',
      newShareId(AT).slice(1),
      `${newShareId(AT)}x`,
      `${newShareId(AT).slice(0, -1)}.`,
      'ZZZZZZZ' + newShareId(AT).slice(7),
      '../../../etc/passwd',
    ]) {
      expect(shareIdExpiry(text), text).toBeUndefined();
    }
  });

  it('refuse an expiry they cannot write', () => {
    expect(() => newShareId(-1000)).toThrow(RangeError);
    expect(() => newShareId(36 ** 7 * 1000)).toThrow(RangeError);
  });

  it('expire at their time, not before', () => {
    expect(isExpired(AT, AT - 1)).toBe(false);
    expect(isExpired(AT, AT)).toBe(true);
    expect(isExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('delete tokens', () => {
  it('are 32 random bytes, kept as their SHA-256, and match only themselves', () => {
    const token = newDeleteToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const hash = hashDeleteToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(deleteTokenMatches(token, hash)).toBe(true);
    expect(deleteTokenMatches(newDeleteToken(), hash)).toBe(false);
    expect(deleteTokenMatches('', hash)).toBe(false);
    expect(deleteTokenMatches(token, 'not hex')).toBe(false);
  });
});

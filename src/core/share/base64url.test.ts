import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { crc32 } from './crc32';

const bytesOf = (length: number, seed: number): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 17 + (i >> 3)) & 0xff);

describe('base64url', () => {
  it('encodes as RFC 4648 base64url without padding (Node is the reference) and decodes back, at every length to 100', () => {
    for (let length = 0; length <= 100; length++) {
      const bytes = bytesOf(length, length);
      const text = encodeBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64url(text)).toEqual(bytes);
    }
  });

  it('encodes and decodes a megabyte (more characters than one String.fromCharCode call takes)', () => {
    const bytes = bytesOf(1 << 20, 3);
    const text = encodeBase64url(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64url'));
    const decoded = decodeBase64url(text);
    // Buffer's comparison: Vitest's deep equality takes seconds over a megabyte.
    expect(decoded instanceof Uint8Array && Buffer.from(decoded).equals(bytes)).toBe(true);
  });

  it('refuses padding, the other alphabet, non-ASCII, a 4n+1 length and low bits that are not zero', () => {
    expect(decodeBase64url('QQ==')).toEqual({ error: 'character', at: 2 });
    expect(decodeBase64url('ab+c')).toEqual({ error: 'character', at: 2 });
    expect(decodeBase64url('ab/c')).toEqual({ error: 'character', at: 2 });
    expect(decodeBase64url('abé')).toEqual({ error: 'character', at: 2 });
    expect(decodeBase64url('ab c')).toEqual({ error: 'character', at: 2 });
    expect(decodeBase64url('abcde')).toEqual({ error: 'length', at: 5 });
    // "QQ" is "A"; "QR" has a low bit set that no encoder writes.
    expect(decodeBase64url('QQ')).toEqual(Uint8Array.of(0x41));
    expect(decodeBase64url('QR')).toEqual({ error: 'bits', at: 1 });
  });
});

describe('crc32', () => {
  it('is the IEEE CRC-32 (check value of "123456789") and continues across pieces', () => {
    const text = Uint8Array.from('123456789', (c) => c.charCodeAt(0));
    expect(crc32(text)).toBe(0xcbf43926);
    expect(crc32(text.subarray(4), crc32(text.subarray(0, 4)))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});

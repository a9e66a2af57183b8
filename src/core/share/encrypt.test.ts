import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { collect, nativeRawDeflate } from './deflate';
import { openShare, sealShare } from './encrypt';
import { fixtureBytes, fixtureNames, sameBytes } from './testing/fixtures';

const small = fixtureBytes('weather-orphan.openai.json');
const HEADER = 33;
const IV = [5, 17] as const;
const CHECK = [17, 33] as const;

const keyBytes = (key: string): Uint8Array<ArrayBuffer> => {
  const bytes = decodeBase64url(key);
  if (!(bytes instanceof Uint8Array)) throw new Error(`not base64url: ${key}`);
  return bytes;
};

const flipped = (blob: Uint8Array, at: number): Uint8Array => {
  const copy = blob.slice();
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

describe('sealed share round trip', () => {
  it.each(fixtureNames)('%s opens byte for byte with its key', async (name) => {
    const bytes = fixtureBytes(name);
    const { blob, key } = await sealShare(bytes, { name });
    const opened = await openShare(blob, key);
    if ('error' in opened) throw new Error(opened.message);
    expect(sameBytes(opened.bytes, bytes)).toBe(true);
    expect(opened.meta).toEqual({ name });
  });

  it('is AES-GCM under the link key itself: 32 bytes, the IV and header as documented, the plaintext the compressed container', async () => {
    const { blob, key } = await sealShare(small, { name: 'w.json' });
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(keyBytes(key)).toHaveLength(32);
    expect([...blob.subarray(0, 5)]).toEqual([0x6d, 0x73, 0x67, 0x73, 1]);
    // Decrypted here with WebCrypto directly: nothing but the documented layout is needed to read a share.
    const aes = await crypto.subtle.importKey('raw', keyBytes(key), { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: blob.subarray(...IV), additionalData: blob.subarray(0, HEADER) }, aes, blob.subarray(HEADER)),
    );
    const inflated = await collect(nativeRawDeflate().inflate(plain));
    const headerLength = new DataView(inflated.buffer).getUint32(0);
    expect(JSON.parse(new TextDecoder().decode(inflated.subarray(4, 4 + headerLength)))).toMatchObject({ v: 1, size: small.length, meta: { name: 'w.json' } });
    expect(sameBytes(inflated.subarray(4 + headerLength), small)).toBe(true);
  });

  it('draws a new random key and IV for every seal, so the same input never gives the same blob', async () => {
    const seals = await Promise.all(Array.from({ length: 40 }, () => sealShare(small, {})));
    expect(new Set(seals.map((seal) => seal.key)).size).toBe(40);
    expect(new Set(seals.map((seal) => encodeBase64url(seal.blob.subarray(...IV)))).size).toBe(40);
    expect(new Set(seals.map((seal) => encodeBase64url(seal.blob))).size).toBe(40);
    // Not a counter or a clock: the IVs' bits are about half ones.
    const ones = seals.flatMap((seal) => [...seal.blob.subarray(...IV)]).reduce((sum, byte) => sum + byte.toString(2).replaceAll('0', '').length, 0);
    expect(ones / (40 * 12 * 8)).toBeGreaterThan(0.4);
    expect(ones / (40 * 12 * 8)).toBeLessThan(0.6);
  });

  it('holds none of the history in the clear', async () => {
    const text = new TextDecoder().decode(small);
    const { blob } = await sealShare(small, { name: 'weather-orphan.openai.json' });
    const stored = Buffer.from(blob).toString('latin1');
    for (const words of ['Hangzhou', 'get_weather', 'call_abc123']) expect(text).toContain(words);
    for (const words of ['Hangzhou', 'get_weather', 'call_abc123', 'weather-orphan']) expect(stored).not.toContain(words);
  });
});

describe('a share that does not open', () => {
  it('says "wrong-key" for another key, a key cut short, or a key that is no base64url, and "tampered" for no byte of it', async () => {
    const { blob, key } = await sealShare(small, {});
    const other = (await sealShare(small, {})).key;
    for (const wrong of [other, key.slice(0, 42), `${key}A`, key.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), '', '!'.repeat(43)]) {
      const opened = await openShare(blob, wrong);
      expect(opened, wrong).toMatchObject({
        error: 'wrong-key',
        message: expect.stringMatching(/^The key in this short link (is cut or damaged|does not open its share)/),
      });
    }
  });

  it('tells each changed byte by where it is: magic → corrupt, version → newer or corrupt, key check → wrong key, IV and data → tampered', async () => {
    const { blob, key } = await sealShare(small, {});
    for (let at = 0; at < blob.length; at++) {
      const opened = await openShare(flipped(blob, at), key);
      const expected = at < 4 ? 'corrupt' : at === 4 ? 'corrupt' : at >= CHECK[0] && at < CHECK[1] ? 'wrong-key' : 'tampered';
      expect('error' in opened && opened.error, `byte ${at}`).toBe(expected);
    }
  });

  it('says "tampered" for a blob cut short past its header, "corrupt" for one cut inside it', async () => {
    const { blob, key } = await sealShare(small, {});
    for (let length = 0; length < blob.length; length++) {
      const opened = await openShare(blob.subarray(0, length), key);
      expect('error' in opened && opened.error, `cut to ${length} bytes`).toBe(length < HEADER + 16 ? 'corrupt' : 'tampered');
    }
    const longer = new Uint8Array(blob.length + 1);
    longer.set(blob);
    expect(await openShare(longer, key)).toMatchObject({ error: 'tampered' });
  });

  it('says a newer msgscope made a share of a later version', async () => {
    const { blob, key } = await sealShare(small, {});
    const newer = blob.slice();
    newer[4] = 2;
    expect(await openShare(newer, key)).toMatchObject({
      error: 'unsupported-version',
      message: expect.stringContaining('made by a newer msgscope (share format 2; this msgscope reads format 1)'),
    });
  });

  it('says "corrupt" for something that is no share (a page the server sent instead)', async () => {
    const html = new TextEncoder().encode('<!doctype html><title>Not found</title>');
    expect(await openShare(html, encodeBase64url(new Uint8Array(32)))).toMatchObject({
      error: 'corrupt',
      message: expect.stringContaining('This is not a msgscope share'),
    });
    expect(await openShare(new Uint8Array(0), '')).toMatchObject({ error: 'corrupt' });
  });
});

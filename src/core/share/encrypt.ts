import { decodeBase64url, encodeBase64url } from './base64url';
import { packContainer, unpackContainer, type ShareMeta } from './container';
import { nativeRawDeflate, type RawDeflate } from './deflate';

// A share sealed for a short link (`#s=<id>.<key>`): the server stores the blob and never sees the key, which
// lives only in the link's fragment. The container (container.ts) is compressed, then encrypted with AES-GCM
// (256-bit key, 12-byte IV, both random; NIST SP 800-38D):
//
//   "msgs" | version 1 | IV (12) | key check (16) | AES-GCM ciphertext with its 16-byte tag
//
// The first 33 bytes are the ciphertext's additional data, so none of them can be changed unnoticed. The key
// check, SHA-256 of a label and the key cut to 16 bytes, tells a wrong key (the link's key part changed or cut)
// from a blob changed on the server, which AES-GCM alone reports alike. It tells the server nothing: finding a
// key from it is as hard as finding one from the ciphertext.

export type { ShareMeta } from './container';

export const SEALED_VERSION = 1;

const MAGIC = [0x6d, 0x73, 0x67, 0x73]; // "msgs"
const IV_BYTES = 12;
const KEY_BYTES = 32;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES + CHECK_BYTES;
const CHECK_LABEL = Array.from('msgscope share key check v1', (c) => c.charCodeAt(0));

export type OpenShareError = { error: 'wrong-key' | 'tampered' | 'unsupported-version' | 'corrupt'; message: string };

// Core has no DOM types (tsconfig.core.json): the members of WebCrypto it calls, as the page, a worker and Node 20
// (globalThis.crypto) all have them.
interface AesGcmParams {
  name: 'AES-GCM';
  iv: Uint8Array;
  additionalData: Uint8Array;
}
interface SubtleLike {
  importKey(format: 'raw', keyData: Uint8Array, algorithm: 'AES-GCM', extractable: false, usages: ('encrypt' | 'decrypt')[]): Promise<unknown>;
  encrypt(algorithm: AesGcmParams, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: AesGcmParams, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
interface CryptoLike {
  subtle: SubtleLike;
  getRandomValues(array: Uint8Array): Uint8Array;
}

function isCrypto(value: unknown): value is CryptoLike {
  if (typeof value !== 'object' || value === null) return false;
  if (!('getRandomValues' in value) || typeof value.getRandomValues !== 'function' || !('subtle' in value)) return false;
  const { subtle } = value;
  return typeof subtle === 'object' && subtle !== null && 'encrypt' in subtle && typeof subtle.encrypt === 'function';
}

function webCrypto(): CryptoLike {
  const crypto: unknown = Reflect.get(globalThis, 'crypto');
  if (!isCrypto(crypto)) throw new Error('This browser cannot encrypt (it has no WebCrypto); short links need it.');
  return crypto;
}

async function keyCheck(crypto: CryptoLike, key: Uint8Array): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest('SHA-256', Uint8Array.from([...CHECK_LABEL, ...key]));
  return new Uint8Array(digest, 0, CHECK_BYTES);
}

const importKey = (crypto: CryptoLike, key: Uint8Array, use: 'encrypt' | 'decrypt') => crypto.subtle.importKey('raw', key, 'AES-GCM', false, [use]);

/**
 * `bytes` (the input exactly as read) with `meta`, compressed and encrypted under a new random key: the blob to
 * upload and the key (base64url, 43 characters) for the link's fragment.
 */
export async function sealShare(
  bytes: Uint8Array,
  meta: ShareMeta,
  deflate: RawDeflate = nativeRawDeflate(),
): Promise<{ blob: Uint8Array<ArrayBuffer>; key: string }> {
  const crypto = webCrypto();
  const key = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC);
  header[MAGIC.length] = SEALED_VERSION;
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  header.set(iv, MAGIC.length + 1);
  header.set(await keyCheck(crypto, key), MAGIC.length + 1 + IV_BYTES);
  const plain = await deflate.deflate(packContainer(bytes, meta));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: header }, await importKey(crypto, key, 'encrypt'), plain);
  const blob = new Uint8Array(HEADER_BYTES + sealed.byteLength);
  blob.set(header);
  blob.set(new Uint8Array(sealed), HEADER_BYTES);
  return { blob, key: encodeBase64url(key) };
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

const AGAIN = 'Copy the whole link again, exactly as it was made.';

/**
 * The input and meta a sealed blob carries, or which of four things is wrong: the link's key does not open it
 * (`wrong-key`), it was changed after sealing (`tampered`), a newer msgscope made it (`unsupported-version`), or
 * it is no share at all (`corrupt`). Never throws on any blob or key (only where the platform has no WebCrypto
 * or no raw deflate and none is given).
 */
export async function openShare(
  blob: Uint8Array,
  key: string,
  deflate: RawDeflate = nativeRawDeflate(),
): Promise<{ bytes: Uint8Array<ArrayBuffer>; meta: ShareMeta } | OpenShareError> {
  if (blob.length < MAGIC.length + 1 || !MAGIC.every((byte, i) => blob[i] === byte)) {
    return { error: 'corrupt', message: 'This is not a msgscope share: the server answered with something else. Check the link, or ask for a new one.' };
  }
  const version = blob[MAGIC.length] ?? 0;
  if (version > SEALED_VERSION) {
    return {
      error: 'unsupported-version',
      message: `This share was made by a newer msgscope (share format ${version}; this msgscope reads format ${SEALED_VERSION}). Open it with an up-to-date msgscope.`,
    };
  }
  if (version !== SEALED_VERSION) return { error: 'corrupt', message: 'This share is damaged: its format version is not readable. Ask for a new link.' };
  if (blob.length < HEADER_BYTES + TAG_BYTES) return { error: 'corrupt', message: 'This share is damaged: it was cut short on the way. Ask for a new link.' };
  const keyBytes = decodeBase64url(key);
  if (!(keyBytes instanceof Uint8Array) || keyBytes.length !== KEY_BYTES) {
    return {
      error: 'wrong-key',
      message: `The key in this short link is cut or damaged (a key is 43 characters after the ".", this one has ${key.length}). ${AGAIN}`,
    };
  }
  const crypto = webCrypto();
  const header = blob.subarray(0, HEADER_BYTES);
  if (!equal(await keyCheck(crypto, keyBytes), header.subarray(HEADER_BYTES - CHECK_BYTES))) {
    return { error: 'wrong-key', message: `The key in this short link does not open its share: the part after the "." was changed. ${AGAIN}` };
  }
  let plain: Uint8Array;
  try {
    const iv = header.subarray(MAGIC.length + 1, MAGIC.length + 1 + IV_BYTES);
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: header },
      await importKey(crypto, keyBytes, 'decrypt'),
      blob.subarray(HEADER_BYTES),
    );
    plain = new Uint8Array(opened);
  } catch {
    return {
      error: 'tampered',
      message: 'This share was changed after it was made: its data fails the check its key proves, so msgscope will not show it. Ask for a new link.',
    };
  }
  const unpacked = await unpackContainer(deflate.inflate(plain));
  if (!('error' in unpacked)) return unpacked;
  if (unpacked.error === 'version') {
    return {
      error: 'unsupported-version',
      message: `This share was made by a newer msgscope (data format ${unpacked.detail}). Open it with an up-to-date msgscope.`,
    };
  }
  return { error: 'corrupt', message: `This share cannot be read although its key opens it: ${unpacked.detail}.` };
}

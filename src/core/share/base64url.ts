// Base64url without padding (RFC 4648 §5): the alphabet a URL fragment carries unescaped, so a link's data
// survives being pasted into chats, mail and address bars as it is. Core has no btoa/atob (no DOM types),
// and those work on "binary strings" anyway; these work on bytes.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Each character's 6-bit value, or -1 for a character outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Characters built before they are joined: String.fromCharCode takes its arguments on the stack. */
const PIECE = 1 << 15;

export function encodeBase64url(bytes: Uint8Array): string {
  const pieces: string[] = [];
  let codes: number[] = [];
  const emit = (value: number): void => {
    codes.push(ALPHABET.charCodeAt(value & 63));
    if (codes.length < PIECE) return;
    pieces.push(String.fromCharCode(...codes));
    codes = [];
  };
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    emit(n >> 18);
    emit(n >> 12);
    emit(n >> 6);
    emit(n);
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const n = ((bytes[whole] ?? 0) << 16) | (rest === 2 ? (bytes[whole + 1] ?? 0) << 8 : 0);
    emit(n >> 18);
    emit(n >> 12);
    if (rest === 2) emit(n >> 6);
  }
  pieces.push(String.fromCharCode(...codes));
  return pieces.join('');
}

/**
 * The bytes `text` encodes, or why it is no base64url: a character outside the alphabet (padding `=` included),
 * a length no encoding has (4n + 1), or unused low bits that are not zero. The encoder never writes any of
 * these, so each one means the text was changed: a decoder that let them pass would read damage as data.
 */
export function decodeBase64url(text: string): Uint8Array<ArrayBuffer> | { error: 'character' | 'length' | 'bits'; at: number } {
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let out = 0;
  let bits = 0;
  let buffer = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) return { error: 'character', at: i };
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  // Checked after the characters, so that a stray character is named even where it also makes the length wrong.
  if (text.length % 4 === 1) return { error: 'length', at: text.length };
  if ((buffer & ((1 << bits) - 1)) !== 0) return { error: 'bits', at: text.length - 1 };
  return bytes;
}

import { decodeBase64url, encodeBase64url } from './base64url';
import { packContainer, unpackContainer, type ContainerError, type ShareMeta } from './container';
import { nativeRawDeflate, type RawDeflate } from './deflate';

export type { ShareMeta } from './container';

// The history carried in a link (`#h=1.<data>`) and in a single HTML file:
//
//   <version>.<base64url without padding of: raw deflate of the container (container.ts) | u32 big-endian length of that deflate>
//
// The version is the first thing read, so a link made by a later msgscope says so instead of failing as damage.
// The length at the end tells a cut link (chat and mail apps cut long links) from a damaged one: a link cut
// anywhere ends in bytes that are not its own length.

export const INLINE_PAYLOAD_VERSION = 1;

/** Why a payload could not be read: cut short, damaged, or made by a newer msgscope. */
export type InlinePayloadProblem = 'cut' | 'damaged' | 'newer-version';

export type DecodedInlinePayload = { bytes: Uint8Array<ArrayBuffer>; meta: ShareMeta } | { error: string; problem: InlinePayloadProblem };

/** `bytes` (the input exactly as read) with `meta`, as the value of a link's `h=` or an HTML file's payload. */
export async function encodeInlinePayload(bytes: Uint8Array, meta: ShareMeta, deflate: RawDeflate = nativeRawDeflate()): Promise<string> {
  const deflated = await deflate.deflate(packContainer(bytes, meta));
  const framed = new Uint8Array(deflated.length + 4);
  framed.set(deflated);
  new DataView(framed.buffer).setUint32(deflated.length, deflated.length);
  return `${INLINE_PAYLOAD_VERSION}.${encodeBase64url(framed)}`;
}

const AGAIN = 'Copy the whole link again, exactly as it was made.';
const OTHER_WAYS =
  'Some mail and chat apps cut long links (Outlook at 1,024 characters, Discord at 2,000, Slack at 40,000): ask for the whole link, an HTML file or a short link instead.';

const cut = (detail: string): DecodedInlinePayload => ({ problem: 'cut', error: `This msgscope link was cut short: ${detail}. ${OTHER_WAYS}` });
const damaged = (detail: string): DecodedInlinePayload => ({ problem: 'damaged', error: `This msgscope link is damaged: ${detail}. ${AGAIN}` });
const newer = (version: string): DecodedInlinePayload => ({
  problem: 'newer-version',
  error: `This link was made by a newer msgscope (its history is in link format ${version}; this msgscope reads format ${INLINE_PAYLOAD_VERSION}). Open it with an up-to-date msgscope.`,
});

/** The length at the end proved the link whole, so a container that ends early was damaged, not cut. */
const containerProblem = (failed: ContainerError): DecodedInlinePayload => (failed.error === 'version' ? newer(failed.detail) : damaged(failed.detail));

/**
 * The input and meta a payload carries, or why it cannot be read: cut short, damaged (with what), or made by a
 * newer msgscope. Never throws on any `value` (only where the platform has no raw deflate and none is given),
 * and never returns bytes other than those encoded.
 */
export async function decodeInlinePayload(value: string, deflate: RawDeflate = nativeRawDeflate()): Promise<DecodedInlinePayload> {
  if (value === '') return cut('it carries no history at all');
  const dot = value.indexOf('.');
  const version = dot === -1 ? value : value.slice(0, dot);
  if (!/^[1-9]\d{0,8}$/.test(version)) return damaged('it does not start with a link format version such as "1."');
  if (Number(version) > INLINE_PAYLOAD_VERSION) return newer(version);
  if (dot === -1) return cut('it ends after its version number');
  const decoded = decodeBase64url(value.slice(dot + 1));
  if (!(decoded instanceof Uint8Array)) {
    if (decoded.error === 'character') return damaged(`character ${dot + 2 + decoded.at} cannot be part of a msgscope link`);
    return cut(`its data stops after ${value.length} characters`);
  }
  if (decoded.length < 5) return cut(`its data stops after ${value.length} characters`);
  const length = new DataView(decoded.buffer, decoded.byteOffset).getUint32(decoded.length - 4);
  if (length > decoded.length - 4) return cut(`its data stops after ${value.length} characters`);
  if (length < decoded.length - 4) return damaged('it holds more data than it says');
  const unpacked = await unpackContainer(deflate.inflate(decoded.subarray(0, length)));
  return 'error' in unpacked ? containerProblem(unpacked) : unpacked;
}

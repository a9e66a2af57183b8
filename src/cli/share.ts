import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CliInput } from './check';
import { DEFAULT_PORT } from './open';
import type { ShareCommand } from './shareArgs';
import { nodeRawDeflate } from './shareCodec';
import { sniffBinary } from '../core/json/binary';
import { isRecord, ownField } from '../core/json/value';
import { findSecrets, redactSecrets, type SecretHit } from '../core/secrets';
import { sealShare } from '../core/share/encrypt';
import { limitsExceeded, MAX_INLINE_LINK_CHARS } from '../core/share/limits';
import { encodeInlinePayload, type ShareMeta } from '../core/share/payload';

// `msgscope share FILE|-`: one line on stdout, the link. Without --server it carries the input itself in its
// fragment (`#h=1.<data>`, never sent to a server); with --server the input is sealed here (AES-GCM, the key
// drawn here), the ciphertext uploaded, and the link names the share and carries the key (`#s=<id>.<key>`).
// Either way the input's bytes travel exactly as read, unless --redact replaced its possible secrets.
// docs/SHARING.md describes both link formats and the server's API.

export interface ShareIo {
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  readStdin(): Promise<string | Uint8Array>;
  /** The HTTP client for --server (fetch; tests may count or refuse requests). */
  fetch?: typeof fetch;
}

/** Where `msgscope open` serves the app; a link without --base opens there. */
export const DEFAULT_BASE = `http://127.0.0.1:${DEFAULT_PORT}/`;

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, word: string): string => `${count.format(n)} ${word}${n === 1 ? '' : 's'}`;

/** The masked hits, at most 20 of them, a line each. */
function listHits(hits: readonly SecretHit[]): string {
  const shown = hits.slice(0, 20).map((hit) => `  ${hit.kind}: ${hit.masked}\n`);
  return shown.join('') + (hits.length > shown.length ? `  … and ${count.format(hits.length - shown.length)} more\n` : '');
}

/** The input's bytes with its possible secrets dealt with as the command says, or the exit code after saying why not. */
function withSecretsChosen(command: ShareCommand, bytes: Uint8Array, input: CliInput, io: ShareIo): Uint8Array | 2 {
  const source = command.file === '-' ? 'stdin' : command.file;
  const texts = input.files ? input.files.map((file) => file.text) : [input.text()];
  const hits = texts.flatMap((text) => findSecrets(text));
  if (hits.length === 0) return bytes;
  const some = plural(hits.length, 'possible secret');
  if (command.secrets === 'keep') {
    io.stderr(`msgscope: warning: the link carries ${some} (--keep-secrets):\n${listHits(hits)}`);
    return bytes;
  }
  if (command.secrets === 'refuse') {
    io.stderr(
      `msgscope: ${source} holds ${some}; a link gives them to whoever opens it:\n${listHits(hits)}` +
        'Run again with --redact to replace each with [REDACTED:<kind>] first, or --keep-secrets to share them as they are.\n',
    );
    return 2;
  }
  if (sniffBinary(bytes.subarray(0, 4096))) {
    io.stderr(
      `msgscope: ${source} holds ${some} inside an archive, which share cannot redact in place:\n${listHits(hits)}` +
        'Unpack it and share the history file with --redact, or run again with --keep-secrets.\n',
    );
    return 2;
  }
  // The text exactly as the bytes say (a byte order mark kept), so that only the secrets change.
  const redacted = redactSecrets(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
  io.stderr(`msgscope: redacted ${plural(redacted.hits.length, 'possible secret')} before sharing:\n${listHits(redacted.hits)}`);
  return new TextEncoder().encode(redacted.text);
}

/** `text` as an http(s) URL, or the message that says why it is none. */
function httpUrl(text: string, option: string): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `msgscope: ${option} must be a URL such as https://example.com/, not ${text}\n`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !(option === '--base' && url.protocol === 'file:')) {
    return `msgscope: ${option} must be an http or https URL, not ${text}\n`;
  }
  return url;
}

async function inlineLink(base: string, bytes: Uint8Array, meta: ShareMeta, io: ShareIo): Promise<number> {
  const url = httpUrl(base, '--base');
  if (typeof url === 'string') {
    io.stderr(url);
    return 2;
  }
  url.hash = '';
  const link = `${url.href}#h=${await encodeInlinePayload(bytes, meta, nodeRawDeflate)}`;
  if (link.length > MAX_INLINE_LINK_CHARS) {
    io.stderr(
      `msgscope: the link would be ${count.format(link.length)} characters, over the ${count.format(MAX_INLINE_LINK_CHARS)} a browser opens ` +
        '(Chromium refuses longer URLs, Firefox those over 1,000,000). Share it as a short link instead, with --server URL ' +
        '(a share server, `msgscope serve`), or as one HTML file: `msgscope convert FILE --to html -o FILE.html`.\n',
    );
    return 2;
  }
  const passed = limitsExceeded(link.length);
  if (passed.length > 0) io.stderr(`msgscope: a link of ${count.format(link.length)} characters: ${passed.map((limit) => limit.breaks).join('; ')}.\n`);
  await io.stdout(`${link}\n`);
  return 0;
}

/** The server's `{ "error": "…" }`, or its status when it sent none. */
async function serverError(answer: Response): Promise<string> {
  const text = await answer.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = isRecord(body) ? ownField(body, 'error') : undefined;
  return typeof error === 'string' ? error : `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
}

/** What a successful upload answers, read rather than trusted: the id goes into the link. */
function created(body: unknown): { id: string; deleteToken: string; expiresAt: string | null } | undefined {
  if (!isRecord(body)) return undefined;
  const id = ownField(body, 'id');
  const deleteToken = ownField(body, 'deleteToken');
  const expiresAt = ownField(body, 'expiresAt');
  if (typeof id !== 'string' || !/^[\w-]{1,128}$/.test(id) || typeof deleteToken !== 'string' || deleteToken === '') return undefined;
  if (expiresAt !== null && typeof expiresAt !== 'string') return undefined;
  return { id, deleteToken, expiresAt };
}

async function shortLink(command: Extract<ShareCommand, { to: 'server' }>, bytes: Uint8Array, meta: ShareMeta, io: ShareIo): Promise<number> {
  const url = httpUrl(command.server, '--server');
  if (typeof url === 'string') {
    io.stderr(url);
    return 2;
  }
  // The server's root, where the app is and under which the API sits: https://host/ or https://host/prefix/.
  const root = `${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
  const fail = (message: string): 2 => {
    io.stderr(`msgscope: ${root}: ${message}\n`);
    return 2;
  };
  const { blob, key } = await sealShare(bytes, meta, nodeRawDeflate);
  const expires = command.expires ?? '30d';
  let answer: Response;
  try {
    answer = await (io.fetch ?? fetch)(`${root}api/shares?expires=${expires}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: blob,
      redirect: 'error',
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return fail(`cannot reach the share server (${error instanceof Error ? error.message : String(error)}${cause}).`);
  }
  if (answer.status === 413) return fail(`the server refuses a share of ${count.format(blob.length)} bytes (encrypted): ${await serverError(answer)}.`);
  if (answer.status === 429) {
    const wait = answer.headers.get('retry-after');
    return fail(`too many uploads from this address${wait ? `; try again in ${wait} seconds` : ''} (${await serverError(answer)}).`);
  }
  if (answer.status !== 201) return fail(`the upload failed: ${await serverError(answer)}.`);
  const share = created(await answer.json().catch(() => undefined));
  if (!share) return fail('the server answered the upload with something other than a share id and delete token; is it a msgscope share server?');
  await io.stdout(`${root}#s=${share.id}.${key}\n`);
  const until = share.expiresAt === null ? 'it never expires' : `it expires ${share.expiresAt}`;
  io.stderr(
    `msgscope: uploaded ${count.format(blob.length)} encrypted bytes; ${until}. Anyone with the link can read it; the server cannot.\n` +
      `Delete token: ${share.deleteToken}\n` +
      `To delete it: open the link and choose "Delete this link" (with this token), or\n` +
      `  curl -X DELETE -H 'x-delete-token: ${share.deleteToken}' '${root}api/shares/${share.id}'\n`,
  );
  return 0;
}

/** `msgscope share`; `readInput` is how the CLI reads input for every command, and refuses what it cannot read here too. */
export async function runShare<Io extends ShareIo>(
  command: ShareCommand,
  io: Io,
  readInput: (file: string, io: Io) => Promise<CliInput | Error>,
): Promise<number> {
  const stdin = command.file === '-';
  let bytes: Uint8Array;
  try {
    const read = stdin ? await io.readStdin() : readFileSync(command.file);
    bytes = typeof read === 'string' ? new TextEncoder().encode(read) : new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  } catch (error) {
    io.stderr(`msgscope: cannot read ${command.file}: ${(error as Error).message}\n`);
    return 2;
  }
  // Read as for every command, so that a file msgscope cannot open is refused here rather than in the recipient's page.
  const input = await readInput(command.file, { ...io, readStdin: () => Promise.resolve(bytes) });
  if (input instanceof Error) return 2;
  const shared = withSecretsChosen(command, bytes, input, io);
  if (shared === 2) return 2;
  const meta: ShareMeta = stdin ? {} : { name: basename(command.file) };
  return command.to === 'link' ? inlineLink(command.base ?? DEFAULT_BASE, shared, meta, io) : shortLink(command, shared, meta, io);
}

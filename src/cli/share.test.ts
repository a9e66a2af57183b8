import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativeRawDeflate } from '../core/share/deflate';
import { decodeInlinePayload, encodeInlinePayload } from '../core/share/payload';
import { openShare } from '../core/share/encrypt';
import { fakeSecrets } from '../core/testing/secrets';
import { run } from './run';
import { DEFAULT_BASE } from './share';
import { nodeRawDeflate } from './shareCodec';
import { fakeIo } from './testing/io';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const fixture = (name: string): string => join(FIXTURES, name);
const WEATHER = 'weather-orphan.openai.json';
const EVAL = 'real/inspect-ai/log_message_deduplication.eval';

async function share(argv: string[], stdin?: string | Uint8Array) {
  const io = fakeIo(stdin === undefined ? {} : { stdin });
  const code = await run(['share', ...argv], io);
  return { code, out: io.out, err: io.err };
}

/** The history an inline link carries, decoded as the page decodes it. */
async function carried(link: string) {
  const value = new URLSearchParams(new URL(link).hash.slice(1)).get('h');
  if (value === null) throw new Error(`no h= in ${link}`);
  const decoded = await decodeInlinePayload(value);
  if ('error' in decoded) throw new Error(decoded.error);
  return decoded;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(b);

/** A history with one fake OpenAI key in a tool's output. */
const secret = fakeSecrets(7)['openai-api-key'];
const withSecret = JSON.stringify([
  { role: 'user', content: 'Why does the deploy fail?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_env', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: `OPENAI_API_KEY=${secret}\nREGION=eu` },
]);

describe('msgscope share (a link that carries the history)', () => {
  it('prints one line, the link on the URL msgscope open serves, carrying the file byte for byte and its name', async () => {
    const { code, out, err } = await share([fixture(WEATHER)]);
    expect(code).toBe(0);
    expect(out).toMatch(/^http:\/\/127\.0\.0\.1:5178\/#h=1\.[\w-]+\n$/);
    expect(out.startsWith(DEFAULT_BASE)).toBe(true);
    const decoded = await carried(out.trim());
    expect(sameBytes(decoded.bytes, readFileSync(fixture(WEATHER)))).toBe(true);
    expect(decoded.meta).toEqual({ name: WEATHER });
    // Under 1,024 characters: nothing cuts it, nothing to say.
    expect(out.length).toBeLessThan(1_024);
    expect(err).toBe('');
  });

  it('says on stderr where a longer link breaks', async () => {
    const { code, out, err } = await share([fixture('real/codemie-code/claude-code-session-9eda1058.jsonl')]);
    expect(code).toBe(0);
    expect(out.length).toBeGreaterThan(40_000);
    expect(err).toBe(
      `msgscope: a link of ${(out.length - 1).toLocaleString('en-US')} characters: Slack cuts message text at 40,000 characters; ` +
        'Discord refuses messages over 2,000 characters; Outlook cuts links at 1,024 characters.\n',
    );
  });

  it('carries an archive (an Inspect .eval zip) as its bytes, and stdin without a name', async () => {
    const zip = await share([fixture(EVAL)]);
    expect(zip.code).toBe(0);
    expect(sameBytes((await carried(zip.out.trim())).bytes, readFileSync(fixture(EVAL)))).toBe(true);
    const text = readFileSync(fixture(WEATHER), 'utf8');
    const piped = await share(['-'], text);
    expect(piped.code).toBe(0);
    const decoded = await carried(piped.out.trim());
    expect(new TextDecoder().decode(decoded.bytes)).toBe(text);
    expect(decoded.meta).toEqual({});
  });

  it('puts the link on --base, keeping its path and query and replacing its fragment', async () => {
    const { code, out } = await share([fixture(WEATHER), '--base', 'https://msgscope.example/app/?theme=dark#m=3']);
    expect(code).toBe(0);
    expect(out).toMatch(/^https:\/\/msgscope\.example\/app\/\?theme=dark#h=1\.[\w-]+\n$/);
    expect((await share([fixture(WEATHER), '--base', 'https://msgscope.example'])).out).toMatch(/^https:\/\/msgscope\.example\/#h=1\./);
    expect(await share([fixture(WEATHER), '--base', 'not a url'])).toMatchObject({ code: 2, out: '', err: expect.stringContaining('--base must be a URL') });
    expect(await share([fixture(WEATHER), '--base', 'javascript:alert(1)'])).toMatchObject({ code: 2, out: '' });
  });

  it('refuses, exit 2, a link over 2,000,000 characters, and names the short link and the HTML file instead', async () => {
    // Hex digits deflate to about half: 3.5 MB of them make a link of about 2.3 million characters.
    let hex = '';
    for (let i = 0; hex.length < 3_500_000; i++)
      hex += Math.imul(i + 1, 2654435761)
        .toString(16)
        .padStart(8, '0');
    const history = JSON.stringify([{ type: 'human', data: { content: hex } }]);
    const { code, out, err } = await share(['-'], history);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^msgscope: the link would be [\d,]+ characters, over the 2,000,000 a browser opens/);
    expect(err).toContain('--server URL');
    expect(err).toContain('--to html');
  });

  it('refuses input msgscope cannot read, as every command does', async () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);
    expect(await share(['-'], png)).toMatchObject({ code: 2, out: '', err: expect.stringContaining('PNG image') });
    expect(await share([fixture('no-such-file.json')])).toMatchObject({ code: 2, out: '', err: expect.stringContaining('cannot read') });
  });
});

describe("the CLI's codec (node:zlib at level 9)", () => {
  // The page inflates what the CLI deflated: every fixture, through both inflaters.
  const names = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(FIXTURES, join(entry.parentPath, entry.name)));
  it.each(names)('%s: deflated by the CLI, inflated by the platform and by the CLI, byte for byte', async (name) => {
    const bytes = new Uint8Array(readFileSync(fixture(name)));
    const value = await encodeInlinePayload(bytes, { name }, nodeRawDeflate);
    for (const codec of [nativeRawDeflate(), nodeRawDeflate]) {
      const decoded = await decodeInlinePayload(value, codec);
      if ('error' in decoded) throw new Error(decoded.error);
      expect(sameBytes(decoded.bytes, bytes)).toBe(true);
    }
  });
});

describe('msgscope share and possible secrets', () => {
  it('refuses, exit 2, with the hits masked on stderr and the secret nowhere', async () => {
    const { code, out, err } = await share(['-'], withSecret);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('msgscope: stdin holds 1 possible secret');
    expect(err).toMatch(/openai-api-key: sk-proj-…\w{4}/);
    expect(err).toContain('--redact');
    expect(err).toContain('--keep-secrets');
    expect(err).not.toContain(secret);
  });

  it('--redact shares the history with the secret replaced inside its JSON string, everything else byte for byte', async () => {
    const { code, out, err } = await share(['-', '--redact'], withSecret);
    expect(code).toBe(0);
    expect(err).toMatch(/redacted 1 possible secret before sharing:\n {2}openai-api-key: sk-proj-…/);
    const text = new TextDecoder().decode((await carried(out.trim())).bytes);
    expect(text).toBe(withSecret.replace(secret, '[REDACTED:openai-api-key]'));
    expect(JSON.parse(text)).toHaveLength(3);
  });

  it('--keep-secrets shares them as they are, with a warning', async () => {
    const { code, out, err } = await share(['-', '--keep-secrets'], withSecret);
    expect(code).toBe(0);
    expect(new TextDecoder().decode((await carried(out.trim())).bytes)).toBe(withSecret);
    expect(err).toMatch(/^msgscope: warning: the link carries 1 possible secret \(--keep-secrets\)/);
    expect(err).not.toContain(secret);
  });

  it('takes one of --redact and --keep-secrets, not both, and no option of another command', async () => {
    expect(await share(['-', '--redact', '--keep-secrets'], withSecret)).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    expect(await share(['-', '--json'], withSecret)).toMatchObject({ code: 2, err: expect.stringContaining('unknown option for share: --json') });
    expect(await share([])).toMatchObject({ code: 2, err: expect.stringContaining('share needs a FILE (or - for stdin)') });
  });
});

interface Upload {
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

/** The share server API of docs/SHARING.md, as small as it can be: blobs in a Map. */
/** An answer the test server gives instead of the API's. */
interface Special {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

function contractServer(answer?: (request: IncomingMessage) => Special | undefined) {
  const blobs = new Map<string, Buffer>();
  const uploads: Upload[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const special = answer?.(request);
      if (special) {
        response.writeHead(special.status, { 'content-type': 'application/json', ...special.headers }).end(special.body);
        return;
      }
      const shares = /^(?:\/prefix)?\/api\/shares(?:\/([\w-]+))?$/.exec(url.pathname);
      if (request.method === 'POST' && shares && !shares[1]) {
        uploads.push({ url: request.url ?? '', contentType: request.headers['content-type'], body });
        const expires = url.searchParams.get('expires');
        if (!['1d', '30d', 'never'].includes(expires ?? '')) return void response.writeHead(400).end('{"error":"bad expiry"}');
        const id = `id${blobs.size + 1}`;
        blobs.set(id, body);
        const expiresAt = expires === 'never' ? null : new Date(Date.UTC(2030, 0, expires === '1d' ? 2 : 31)).toISOString();
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id, deleteToken: `token-${id}`, expiresAt }));
      } else if (request.method === 'GET' && shares?.[1] && blobs.has(shares[1])) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(blobs.get(shares[1]));
      } else if (request.method === 'DELETE' && shares?.[1] && blobs.has(shares[1])) {
        if (request.headers['x-delete-token'] !== `token-${shares[1]}`) return void response.writeHead(403).end('{"error":"wrong token"}');
        blobs.delete(shares[1]);
        response.writeHead(204).end();
      } else response.writeHead(404).end('{"error":"not found"}');
    });
  });
  return { server, blobs, uploads };
}

function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('msgscope share --server (a short, end-to-end encrypted link)', () => {
  const api = contractServer();
  let root = '';
  beforeAll(async () => {
    root = await listen(api.server);
  });
  afterAll(() => new Promise<void>((done) => api.server.close(() => done())));
  beforeEach(() => {
    api.uploads.length = 0;
  });

  it('uploads the sealed blob, prints <server>/#s=<id>.<key>, and the delete token with how to delete on stderr', async () => {
    const { code, out, err } = await share([fixture(WEATHER), '--server', root, '--expires', '1d']);
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^${root}/#s=id\\d+\\.[\\w-]{43}\\n$`));
    const [id, key] = (new URLSearchParams(new URL(out.trim()).hash.slice(1)).get('s') ?? '').split('.') as [string, string];
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0]).toMatchObject({ url: '/api/shares?expires=1d', contentType: 'application/octet-stream' });
    // The server holds ciphertext: no word of the history, and the key went nowhere but stdout.
    const stored = api.blobs.get(id) ?? Buffer.alloc(0);
    expect(stored.toString('latin1')).not.toContain('Hangzhou');
    expect(stored.toString('latin1')).not.toContain(key);
    const opened = await openShare(new Uint8Array(stored), key, nodeRawDeflate);
    if ('error' in opened) throw new Error(opened.message);
    expect(sameBytes(opened.bytes, readFileSync(fixture(WEATHER)))).toBe(true);
    expect(opened.meta).toEqual({ name: WEATHER });
    expect(err).toContain(`Delete token: token-${id}\n`);
    expect(err).toContain('it expires 2030-01-02T00:00:00.000Z');
    expect(err).toContain('"Delete this link"');
    // The curl line deletes it as written.
    const curl = /curl -X DELETE -H 'x-delete-token: ([^']+)' '([^']+)'/.exec(err);
    expect(curl).not.toBeNull();
    const deleted = await fetch(curl?.[2] ?? '', { method: 'DELETE', headers: { 'x-delete-token': curl?.[1] ?? '' } });
    expect(deleted.status).toBe(204);
    expect(api.blobs.has(id)).toBe(false);
  });

  it('asks for 30 days unless told, says "never" expires, and keeps a path the server sits under', async () => {
    expect((await share([fixture(WEATHER), '--server', root])).code).toBe(0);
    expect(api.uploads[0]?.url).toBe('/api/shares?expires=30d');
    const never = await share([fixture(WEATHER), '--server', `${root}/prefix`, '--expires', 'never']);
    expect(never.out).toMatch(new RegExp(`^${root}/prefix/#s=id\\d+\\.`));
    expect(api.uploads[1]?.url).toBe('/prefix/api/shares?expires=never');
    expect(never.err).toContain('it never expires');
  });

  it('uploads nothing when the history holds secrets, and the redacted history when --redact', async () => {
    expect(await share(['-', '--server', root], withSecret)).toMatchObject({ code: 2, out: '' });
    expect(api.uploads).toHaveLength(0);
    const { code, out } = await share(['-', '--server', root, '--redact'], withSecret);
    expect(code).toBe(0);
    const [id, key] = (new URLSearchParams(new URL(out.trim()).hash.slice(1)).get('s') ?? '').split('.') as [string, string];
    const opened = await openShare(new Uint8Array(api.blobs.get(id) ?? Buffer.alloc(0)), key);
    if ('error' in opened) throw new Error(opened.message);
    expect(new TextDecoder().decode(opened.bytes)).not.toContain(secret);
  });

  it('checks --server and --expires before anything is read or sent', async () => {
    expect(await share([fixture(WEATHER), '--server', 'ftp://example.com'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--server must be an http or https URL'),
    });
    expect(await share([fixture(WEATHER), '--server', root, '--expires', '7d'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--expires must be one of 1d, 30d, never'),
    });
    expect(await share([fixture(WEATHER), '--expires', '1d'])).toMatchObject({ code: 2, err: expect.stringContaining('give --server URL too') });
    expect(await share([fixture(WEATHER), '--server', root, '--base', root])).toMatchObject({ code: 2, err: expect.stringContaining('--base is for links') });
    expect(api.uploads).toHaveLength(0);
  });
});

describe('msgscope share --server when the server says no', () => {
  it('exits 2 with what the server said: over its size limit, over its rate limit, not a share server, not there', async () => {
    const refusing = contractServer((request): Special | undefined => {
      if (request.url?.startsWith('/big/')) return { status: 413, body: '{"error":"shares are limited to 50000000 bytes"}' };
      if (request.url?.startsWith('/busy/')) return { status: 429, headers: { 'retry-after': '60' }, body: '{"error":"too many uploads"}' };
      if (request.url?.startsWith('/html/')) return { status: 201, headers: { 'content-type': 'text/html' }, body: '<!doctype html>' };
      return undefined;
    });
    const root = await listen(refusing.server);
    try {
      const big = await share([fixture(WEATHER), '--server', `${root}/big`]);
      expect(big).toMatchObject({
        code: 2,
        out: '',
        err: expect.stringMatching(/refuses a share of [\d,]+ bytes \(encrypted\): shares are limited to 50000000 bytes/),
      });
      expect(await share([fixture(WEATHER), '--server', `${root}/busy`])).toMatchObject({
        code: 2,
        out: '',
        err: expect.stringContaining('try again in 60 seconds'),
      });
      expect(await share([fixture(WEATHER), '--server', `${root}/html`])).toMatchObject({
        code: 2,
        out: '',
        err: expect.stringContaining('is it a msgscope share server?'),
      });
    } finally {
      await new Promise<void>((done) => refusing.server.close(() => done()));
    }
    // Closed now: nothing listens there.
    expect(await share([fixture(WEATHER), '--server', root])).toMatchObject({
      code: 2,
      out: '',
      err: expect.stringContaining('cannot reach the share server'),
    });
  });
});

describe('msgscope share --server against msgscope serve', () => {
  it('uploads to the real share server; the link opens there, and the printed curl line deletes it', async () => {
    const app = mkdtempSync(join(tmpdir(), 'msgscope-share-app-'));
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>msgscope</title>');
    const data = mkdtempSync(join(tmpdir(), 'msgscope-share-data-'));
    let printed: (url: string) => void = () => {};
    const url = new Promise<string>((done) => (printed = done));
    const serverIo = fakeIo({ appDir: app, onStdout: (text) => printed(/^http:\S+/m.exec(text)?.[0] ?? '') });
    const exit = run(['serve', '--port', '0', '--data', data], serverIo);
    const first = await Promise.race([url, exit]);
    if (typeof first === 'number') throw new Error(`msgscope serve exited ${first}: ${serverIo.err}`);
    const root = first.replace(/\/$/, '');
    try {
      const { code, out, err } = await share([fixture(WEATHER), '--server', root, '--expires', '1d']);
      expect(code, err).toBe(0);
      const link = new URL(out.trim());
      expect(`${link.origin}${link.pathname}`).toBe(`${root}/`);
      const [id = '', key = ''] = (new URLSearchParams(link.hash.slice(1)).get('s') ?? '').split('.');
      const answer = await fetch(`${root}/api/shares/${id}`);
      expect(answer.status).toBe(200);
      const opened = await openShare(new Uint8Array(await answer.arrayBuffer()), key);
      if ('error' in opened) throw new Error(opened.message);
      expect(sameBytes(opened.bytes, readFileSync(fixture(WEATHER)))).toBe(true);
      expect(err).toMatch(/it expires \d{4}-\d\d-\d\dT/);
      const curl = /curl -X DELETE -H 'x-delete-token: ([^']+)' '([^']+)'/.exec(err);
      const deleted = await fetch(curl?.[2] ?? '', { method: 'DELETE', headers: { 'x-delete-token': curl?.[1] ?? '' } });
      expect(deleted.status).toBe(204);
      expect((await fetch(`${root}/api/shares/${id}`)).status).toBe(404);
    } finally {
      serverIo.stop();
      await exit;
    }
  });
});

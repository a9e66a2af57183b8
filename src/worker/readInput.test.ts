import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadProgress } from '../protocol/workerApi';
import { readInput, type InputText } from './readInput';

const respond = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));
/** The input with its text joined (a streamed read joins it when asked). */
const joined = (input: InputText) => ({ ...input, text: input.text() });
const read = async (url: string, progress: LoadProgress[] = []) => joined(await readInput({ url }, (p) => progress.push(p)));

afterEach(() => vi.unstubAllGlobals());

describe('readInput', () => {
  it('passes text through', async () => {
    expect(joined(await readInput('[]', () => undefined))).toEqual({ text: '[]' });
  });

  it('reads a Blob in chunks, parsing it as it arrives, and reports the bytes', async () => {
    // Two-byte characters cut between chunks must decode whole.
    const text = `[${'"é",'.repeat(200_000)}1]`;
    const progress: LoadProgress[] = [];
    const read = joined(await readInput(new Blob([text]), (p) => progress.push(p)));
    expect(read.text).toBe(text);
    expect(read.parsed?.value).toEqual(JSON.parse(text));
    const size = new Blob([text]).size;
    expect(progress.at(-1)).toEqual({ phase: 'read', bytes: size, total: size, entries: 200_001 });
  });

  it('fetches a URL with its length as the total', async () => {
    vi.stubGlobal('fetch', respond('[1,2]', { status: 200, headers: { 'content-length': '5' } }));
    const progress: LoadProgress[] = [];
    expect(await read('/h.json', progress)).toEqual({ text: '[1,2]', parsed: { value: [1, 2], jsonLines: false, lineOf: [] } });
    expect(progress.at(-1)).toEqual({ phase: 'read', bytes: 5, total: 5, entries: 2 });
  });

  it('reports what a response without a body stream read', async () => {
    const bodiless = { ok: true, status: 200, headers: new Headers(), body: null, text: async () => '[1]' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => bodiless as unknown as Response),
    );
    const progress: LoadProgress[] = [];
    expect(await read('/h.json', progress)).toEqual({ text: '[1]' });
    expect(progress.at(-1)).toEqual({ phase: 'read', bytes: 3, total: 3 });
  });

  it('reads JSON Lines as they arrive too', async () => {
    vi.stubGlobal('fetch', respond('{"a":1}\n{"a":2}\n', { status: 200 }));
    expect((await read('/h.json')).parsed).toMatchObject({ value: [{ a: 1 }, { a: 2 }], jsonLines: true, lineOf: [1, 2] });
  });

  it('leaves anything else to be parsed whole, errors and all', async () => {
    for (const body of ['"text"', '[1,]', '{"a":1} {"a":2}\n']) {
      vi.stubGlobal('fetch', respond(body, { status: 200 }));
      expect(await read('/h.json')).toEqual({ text: body });
    }
  });

  it('names the URL and the HTTP status', async () => {
    vi.stubGlobal('fetch', respond('gone', { status: 404, statusText: 'Not Found' }));
    await expect(read('/h.json')).rejects.toThrow('Could not fetch /h.json: HTTP 404 Not Found.');
  });

  it('explains a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(read('https://x.test/h.json')).rejects.toThrow(/network error \(Failed to fetch\)/);
  });

  it('rejects an HTML page served in place of a missing file', async () => {
    vi.stubGlobal('fetch', respond('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(read('/missing.json')).rejects.toThrow(/HTML page, not a message history/);
  });
});

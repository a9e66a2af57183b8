import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadProgress } from './protocol';
import { readInput } from './readInput';

const respond = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));
const read = (url: string, progress: LoadProgress[] = []) => readInput({ url }, (p) => progress.push(p));

afterEach(() => vi.unstubAllGlobals());

describe('readInput', () => {
  it('passes text through', async () => {
    expect(await readInput('[]', () => undefined)).toBe('[]');
  });

  it('reads a Blob in chunks and reports the bytes', async () => {
    const text = `[${'"é",'.repeat(200_000)}1]`;
    const progress: LoadProgress[] = [];
    expect(await readInput(new Blob([text]), (p) => progress.push(p))).toBe(text);
    const size = new Blob([text]).size;
    expect(progress.at(-1)).toEqual({ phase: 'read', bytes: size, total: size });
  });

  it('fetches a URL with its length as the total', async () => {
    vi.stubGlobal('fetch', respond('[1,2]', { status: 200, headers: { 'content-length': '5' } }));
    const progress: LoadProgress[] = [];
    expect(await read('/h.json', progress)).toBe('[1,2]');
    expect(progress.at(-1)).toEqual({ phase: 'read', bytes: 5, total: 5 });
  });

  it('names the URL and the HTTP status', async () => {
    vi.stubGlobal('fetch', respond('gone', { status: 404, statusText: 'Not Found' }));
    await expect(read('/h.json')).rejects.toThrow('Could not fetch /h.json: HTTP 404 Not Found.');
  });

  it('explains a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(read('https://x.test/h.json')).rejects.toThrow(/network error \(Failed to fetch\)/);
  });

  it('rejects an HTML page served in place of a missing file', async () => {
    vi.stubGlobal('fetch', respond('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(read('/missing.json')).rejects.toThrow(/HTML page, not a message history/);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchHistory } from './fetchHistory';

const respond = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));

afterEach(() => vi.unstubAllGlobals());

describe('fetchHistory', () => {
  it('returns the body', async () => {
    vi.stubGlobal('fetch', respond('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await (await fetchHistory('/h.json')).text()).toBe('[]');
  });

  it('names the URL and the HTTP status', async () => {
    vi.stubGlobal('fetch', respond('gone', { status: 404, statusText: 'Not Found' }));
    await expect(fetchHistory('/h.json')).rejects.toThrow('Could not fetch /h.json: HTTP 404 Not Found.');
  });

  it('explains a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchHistory('https://x.test/h.json')).rejects.toThrow(/network error \(Failed to fetch\)/);
  });

  it('rejects an HTML page served in place of a missing file', async () => {
    vi.stubGlobal('fetch', respond('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(fetchHistory('/missing.json')).rejects.toThrow(/HTML page, not a message history/);
  });
});

import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeInlinePayload } from '../core/share/payload';
import { fakeSecrets } from '../core/testing/secrets';
import type { ImportInput, Method, Params, Result, SharePrepared, WorkerResponse } from '../protocol/workerApi';
import { createHandler } from './handler';

const KEY = fakeSecrets()['openai-api-key'];

const HISTORY = JSON.stringify(
  [
    { type: 'human', data: { content: 'Weather in Beijing?', id: 'h1' } },
    {
      type: 'ai',
      data: { content: '', id: 'a1', tool_calls: [{ name: 'get_weather', args: { city: 'Beijing', key: KEY }, id: 'call_1', type: 'tool_call' }] },
    },
    { type: 'tool', data: { content: '25 degrees', tool_call_id: 'call_1', id: 't1' } },
  ],
  null,
  1,
);

/** One worker: calls answer with their result, or throw the worker's error. */
function worker() {
  const replies = new Map<number, WorkerResponse>();
  const handle = createHandler((response) => replies.set(response.id, response));
  let id = 0;
  return async <M extends Method>(method: M, params: Params<M>): Promise<Result<M>> => {
    const request = { id: ++id, method, params };
    await handle(request as Parameters<typeof handle>[0]);
    const reply = replies.get(request.id);
    if (reply?.kind === 'error') throw new Error(`${reply.error.kind}: ${reply.error.message}`);
    if (reply?.kind !== 'result') throw new Error('no result');
    return reply.result;
  };
}

async function imported(input: ImportInput, name = 'run.json') {
  const call = worker();
  const outcome = await call('import', { input, name });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { call, outcome };
}

const inline = async (call: ReturnType<typeof worker>, redact: boolean): Promise<string> => {
  const prepared = await call('share', { redact, as: 'inline' });
  if (prepared.as !== 'inline') throw new Error('not inline');
  return prepared.payload;
};

afterEach(() => vi.unstubAllGlobals());

describe('sharing the input loaded', () => {
  it('finds possible secrets, masked, with their line', async () => {
    const { call } = await imported(new Blob([HISTORY]));
    const scan = await call('secrets', {});
    expect(scan.total).toBe(1);
    expect(scan.hits).toEqual([
      {
        kind: 'openai-api-key',
        label: 'an OpenAI API key',
        masked: `sk-proj-…${KEY.slice(-4)}`,
        where: `line ${HISTORY.split('\n').findIndex((line) => line.includes(KEY)) + 1}`,
      },
    ]);
    expect(JSON.stringify(scan)).not.toContain(KEY.slice(8, -4));
  });

  it('packs the bytes read, which open as the same history under the same name', async () => {
    const { call, outcome } = await imported(new Blob([HISTORY]), 'weather.json');
    const payload = await inline(call, false);
    const decoded = await decodeInlinePayload(payload);
    if ('error' in decoded) throw new Error(decoded.error);
    expect(new TextDecoder().decode(decoded.bytes)).toBe(HISTORY);
    expect(decoded.meta).toEqual({ name: 'weather.json' });
    const opened = await imported({ inline: payload }, 'shared link');
    expect(opened.outcome).toMatchObject({ ok: true, sourceName: 'weather.json', detectedFormat: 'langchain-stored' });
    expect(opened.outcome.view.count).toBe(outcome.view.count);
    expect(opened.outcome.view.findings).toEqual(outcome.view.findings);
    // And shared again from there, it keeps its name.
    expect(await decodeInlinePayload(await inline(opened.call, false))).toMatchObject({ meta: { name: 'weather.json' } });
  });

  it('redacts inside the JSON string, so the history reads the same', async () => {
    const { call, outcome } = await imported(HISTORY);
    const payload = await inline(call, true);
    const decoded = await decodeInlinePayload(payload);
    if ('error' in decoded) throw new Error(decoded.error);
    const text = new TextDecoder().decode(decoded.bytes);
    expect(text).not.toContain(KEY);
    expect(text).toContain('[REDACTED:openai-api-key]');
    const opened = await imported({ inline: payload });
    expect(opened.outcome.view.count).toBe(outcome.view.count);
    expect(opened.outcome.view.findings.filter((f) => f.rule !== 'possible-secret')).toEqual(outcome.view.findings.filter((f) => f.rule !== 'possible-secret'));
    expect(await opened.call('secrets', {})).toEqual({ hits: [], total: 0 });
  });

  it('shares an archive as its bytes, and redacted as its data files zipped again', async () => {
    const zip = zipSync({ 'history.json': strToU8(HISTORY), 'notes.png': new Uint8Array([1, 2, 3]) });
    const { call } = await imported(new Blob([zip]), 'run.zip');
    expect((await call('secrets', {})).hits[0]?.where).toMatch(/^history\.json, line \d+$/);
    const kept = await decodeInlinePayload(await inline(call, false));
    if ('error' in kept) throw new Error(kept.error);
    expect(kept.bytes).toEqual(zip);
    const redacted = await imported({ inline: await inline(call, true) });
    expect(redacted.outcome.view.count).toBe(3);
    expect(await redacted.call('secrets', {})).toEqual({ hits: [], total: 0 });
  });

  it('says a cut link was cut, as a read error', async () => {
    const { call } = await imported(HISTORY);
    const payload = await inline(call, false);
    await expect(imported({ inline: payload.slice(0, payload.length - 10) })).rejects.toThrow(/^read: This msgscope link was cut short/);
  });
});

describe('short links', () => {
  const sealed = async () => {
    const { call } = await imported(HISTORY, 'weather.json');
    const prepared: SharePrepared = await call('share', { redact: true, as: 'sealed' });
    if (prepared.as !== 'sealed') throw new Error('not sealed');
    return prepared;
  };
  const serving = (answer: () => Promise<Response>) => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return answer();
    });
    return fetched;
  };
  const URL = 'https://share.test/api/shares/abc';

  it('fetches the blob and opens it with the key', async () => {
    const { blob, key } = await sealed();
    const fetched = serving(async () => new Response(blob.slice()));
    const { outcome } = await imported({ sealed: { url: URL, key } }, 'short link');
    expect(fetched).toEqual([URL]);
    expect(outcome).toMatchObject({ ok: true, sourceName: 'weather.json' });
  });

  it('tells each failure apart', async () => {
    const { blob, key } = await sealed();
    const open = (k = key) => imported({ sealed: { url: URL, key: k } });
    serving(async () => new Response('{"error":"Unknown share"}', { status: 404 }));
    await expect(open()).rejects.toThrow(/does not exist on share\.test/);
    serving(async () => new Response('{"error":"Expired"}', { status: 410 }));
    await expect(open()).rejects.toThrow(/has expired/);
    serving(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(open()).rejects.toThrow(/share server share\.test cannot be reached \(Failed to fetch\)/);
    serving(async () => new Response(blob.slice()));
    const other = `${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;
    await expect(open(other)).rejects.toThrow(/does not open its share/);
    const tampered = blob.slice();
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    serving(async () => new Response(tampered));
    await expect(open()).rejects.toThrow(/changed after it was made/);
    // A key cut short is known without asking the server.
    const fetched = serving(async () => new Response(blob.slice()));
    await expect(open(key.slice(0, 20))).rejects.toThrow(/cut or damaged: the key after its "\." is 43 characters, this one has 20/);
    expect(fetched).toEqual([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createHandler, exportFileName, type Post } from './handler';
import { CONVERT_TARGETS } from '../core/convert';
import { MAX_DEPTH } from '../core/json/depth';
import { DEEP_HISTORIES } from '../core/testing/deep';
import type { Card, Conversion, ImportOutcome, LoadProgress, MessageDetail, Method, Params, WorkerResponse } from '../protocol/workerApi';
import { NO_FACETS, type SearchAnswer } from '../protocol/search';

const HISTORY = JSON.stringify([
  { type: 'human', data: { content: 'Weather in Beijing?', id: 'h1' } },
  {
    type: 'ai',
    data: { content: '', id: 'a1', tool_calls: [{ name: 'get_weather', args: { city: 'Beijing' }, id: 'call_1', type: 'tool_call' }] },
  },
  { type: 'tool', data: { content: '25 degrees', tool_call_id: 'call_1', status: 'error', id: 't1' } },
  { type: 'ai', data: { content: 'It is warm.', id: 'a2' } },
]);

/** A handler and every response it posted, with what each transferred. */
function harness() {
  const posted: { response: WorkerResponse; transfer: Transferable[] }[] = [];
  const post: Post = (response, transfer = []) => posted.push({ response, transfer });
  const handle = createHandler(post);
  let id = 0;
  const call = async <M extends Method>(method: M, params: Params<M>) => {
    const request = { id: ++id, method, params } as const;
    await handle(request as Parameters<typeof handle>[0]);
    return posted.filter((p) => p.response.id === request.id);
  };
  const resultOf = async <M extends Method>(method: M, params: Params<M>) => {
    const replies = await call(method, params);
    const last = replies.at(-1)?.response;
    if (last?.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)}`);
    return last.result;
  };
  return { call, resultOf, posted };
}

describe('worker protocol', () => {
  it('imports text: progress, then the compact view and the first cards with its buffers transferred', async () => {
    const { call } = harness();
    const replies = await call('import', { input: HISTORY, name: 'paste' });
    const progress = replies.flatMap((r) => (r.response.kind === 'progress' && r.response.progress.phase !== 'count' ? [r.response.progress] : []));
    expect(progress.map((p: LoadProgress) => p.phase)).toEqual(['parse', 'prepare']);
    expect(progress[1]?.messages).toBe(4);
    const last = replies.at(-1)!;
    expect(last.response.kind).toBe('result');
    const outcome = (last.response as { result: ImportOutcome }).result;
    if (!outcome.ok) throw new Error('import failed');
    expect(outcome.view.count).toBe(4);
    expect(outcome.view.format).toBe('langchain-stored');
    expect(outcome.view.formats.some((f) => f.name === 'openai-chat')).toBe(true);
    expect(outcome.cards.map((card: Card) => card.index)).toEqual([0, 1, 2, 3]);
    expect(last.transfer).toContain(outcome.view.columns.role.buffer);
  });

  it('reads a Blob, reporting bytes', async () => {
    const { call } = harness();
    const replies = await call('import', { input: new Blob([HISTORY]), name: 'h.json' });
    const read = replies.find((r) => r.response.kind === 'progress' && r.response.progress.phase === 'read');
    expect(read?.response).toMatchObject({ progress: { bytes: HISTORY.length, total: HISTORY.length } });
  });

  it('answers an unreadable input with the import error', async () => {
    const { resultOf } = harness();
    const outcome = (await resultOf('import', { input: '[{"type": ', name: 'paste' })) as ImportOutcome;
    expect(outcome.ok).toBe(false);
  });

  it('uses the format it is told', async () => {
    const { resultOf } = harness();
    const outcome = (await resultOf('import', { input: HISTORY, name: 'paste', format: 'openai-chat' })) as ImportOutcome;
    expect(outcome.ok ? outcome.view.format : outcome.error.message).not.toBe('langchain-stored');
  });

  it('says which format detection picks, also when the input was read as another', async () => {
    const detected = async (input: string, format?: string) => {
      const outcome = (await harness().resultOf('import', { input, name: 'paste', ...(format ? { format } : {}) })) as ImportOutcome;
      if (!outcome.ok) throw new Error(outcome.error.message);
      return { read: outcome.view.format, detected: outcome.detectedFormat };
    };
    expect(await detected(HISTORY)).toEqual({ read: 'langchain-stored', detected: 'langchain-stored' });
    expect(await detected(HISTORY, 'langchain-dict')).toEqual({ read: 'langchain-dict', detected: 'langchain-stored' });
    expect(await detected(new Blob([HISTORY]) as unknown as string, 'langchain-dict')).toEqual({ read: 'langchain-dict', detected: 'langchain-stored' });
    const repr = "[HumanMessage(content='hi'), AIMessage(content='hello')]";
    expect(await detected(repr, 'langchain-pretty')).toMatchObject({ detected: 'langchain-repr' });
    // No adapter recognizes it: only a forced format reads it.
    expect(await detected('[{"neither": "role nor type"}]', 'langchain-dict')).toMatchObject({ detected: null });
  });

  it('serves cards, details, searches and conversions of the loaded history', async () => {
    const { resultOf } = harness();
    await resultOf('import', { input: HISTORY, name: 'runs/weather.json' });
    const [result] = (await resultOf('cards', { indices: [2, 99] })) as Card[];
    expect(result).toMatchObject({ index: 2, toolCallId: 'call_1', resultOf: { messageIndex: 1, name: 'get_weather' } });
    expect(await resultOf('detail', { index: 1 })).toMatchObject({ id: 'a1', rawJson: expect.stringContaining('"get_weather"') });
    // Where the message starts in the input: found on demand, not while importing.
    const column = HISTORY.indexOf('{"type":"tool"') + 1;
    expect(await resultOf('detail', { index: 2 })).toMatchObject({ location: { path: '[2]', line: 1, column } });
    const search = async (query: string, roles: Params<'search'>['roles']) => {
      const answer = (await resultOf('search', { query, roles, facets: NO_FACETS })) as SearchAnswer;
      return answer.kind === 'hits' ? [...answer.hits] : answer;
    };
    // The question, and the call whose arguments (an object, searched as its JSON) name the city.
    expect(await search('BEIJING', ['human', 'ai', 'tool'])).toEqual([0, 1]);
    expect(await search('call_1', ['human', 'ai', 'tool'])).toEqual([1, 2]);
    expect(await search('call_1', ['tool'])).toEqual([2]);
    expect(await search('', ['ai'])).toEqual([1, 3]);
    expect(await search('/(/', ['ai'])).toEqual({ kind: 'invalid', message: 'Invalid regular expression: Unterminated group' });
    expect(await resultOf('searchFacets', {})).toMatchObject({ tools: [{ name: 'get_weather', messages: 2 }] });
    const conversion = await resultOf('convert', { target: 'openai-chat' });
    expect(conversion).toMatchObject({ fileName: 'weather.openai-chat.json', text: expect.stringContaining('call_1') });
    // The messages a filter shows: the name says the file is a part.
    expect(await resultOf('convert', { target: 'openai-chat', only: new Int32Array([0, 3]) })).toMatchObject({
      fileName: 'weather.shown-2-of-4.openai-chat.json',
    });
    // Copy as Markdown: the run under the input's name, or one message.
    expect(await resultOf('markdown', {})).toEqual({ text: expect.stringMatching(/^## msgscope: runs\/weather\.json\n[\s\S]*\*\*#2 · Tool/) });
    expect(await resultOf('markdown', { message: 1 })).toEqual({ text: expect.stringMatching(/^\*\*#1 · AI\*\*/) });
  });

  it.each(['deepToolArguments', 'deepToolResult', 'deepToolInput', 'deepAmongGood'] as const)(
    'opens %s (nested 10,000 deep): every message, a note, its cards, details and every export',
    async (name) => {
      // A file streams through the parser that reads while it arrives; a paste is parsed whole.
      const asFile = (await harness().resultOf('import', { input: new Blob([DEEP_HISTORIES[name]]), name: `${name}.json` })) as ImportOutcome;
      expect(asFile.ok && asFile.view.notes).toContainEqual(expect.stringContaining(`deeper than ${MAX_DEPTH} levels`));
      const { resultOf } = harness();
      const outcome = (await resultOf('import', { input: DEEP_HISTORIES[name], name: `${name}.json` })) as ImportOutcome;
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.view.count).toBeGreaterThanOrEqual(3);
      expect(outcome.view.notes).toContainEqual(expect.stringContaining(`deeper than ${MAX_DEPTH} levels`));
      expect(outcome.cards.map((card) => [card.index, card.problem])).toEqual(Array.from({ length: outcome.view.count }, (_, i) => [i, undefined]));
      for (let index = 0; index < outcome.view.count; index++) {
        const detail = (await resultOf('detail', { index })) as MessageDetail;
        expect(() => JSON.parse(detail.rawJson) as unknown).not.toThrow();
      }
      for (const { target } of CONVERT_TARGETS) {
        const conversion = (await resultOf('convert', { target })) as Conversion;
        if (target === 'markdown') expect(conversion.text, target).toContain('**#2 · ');
        else expect(() => JSON.parse(conversion.text) as unknown, target).not.toThrow();
      }
    },
  );

  it('answers a failing request with an error, not silence', async () => {
    const { call } = harness();
    const [reply] = await call('detail', { index: 0 });
    expect(reply?.response).toEqual({ id: 1, kind: 'error', error: { kind: 'failed', message: 'No history is loaded in this worker.' } });
  });

  it('answers an input it could not fetch with a read error', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('gone', { status: 404 })));
    try {
      const { call } = harness();
      const replies = await call('import', { input: { url: 'https://x.test/a.json' }, name: 'a.json' });
      expect(replies.at(-1)?.response).toEqual({
        id: 1,
        kind: 'error',
        error: { kind: 'read', message: 'Could not fetch https://x.test/a.json: HTTP 404.' },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('exportFileName', () => {
  it('names the export after the input', () => {
    expect(exportFileName('run.json', 'anthropic')).toBe('run.anthropic.json');
    expect(exportFileName('https://x.test/a/b.jsonl?raw=1', 'msgscope')).toBe('b.msgscope.json');
    expect(exportFileName('paste', 'openai-chat')).toBe('paste.openai-chat.json');
    expect(exportFileName('', 'openai-chat')).toBe('history.openai-chat.json');
    expect(exportFileName('run.jsonl', 'markdown')).toBe('run.md');
  });

  it('says that an export of the messages shown is a part of the history', () => {
    expect(exportFileName('run.json', 'anthropic', { count: 12, total: 40 })).toBe('run.shown-12-of-40.anthropic.json');
    expect(exportFileName('', 'openai-chat', { count: 1, total: 2 })).toBe('history.shown-1-of-2.openai-chat.json');
    expect(exportFileName('run.jsonl', 'markdown', { count: 3, total: 9 })).toBe('run.shown-3-of-9.md');
  });
});

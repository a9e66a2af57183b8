import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../core/analyze';
import type { Finding, Message, Role, Severity, Transcript } from '../core/model';
import { ai, call, human, system, tool, type Draft } from '../core/testing/messages';
import { NO_FACETS, type SearchAnswer, type SearchFacets } from '../protocol/search';
import { ROLE_ORDER } from '../protocol/workerApi';
import { facetCounts, searchInSlices, searchMessages } from './search';

function transcriptOf(drafts: Draft[], findings: [number, Severity][] = []): Transcript {
  const messages = drafts.map((d, index): Message => ({ ...d, index, location: { path: `[${index}]` } }));
  const built = buildTranscript({ name: 'test', label: 'Test' }, messages);
  // Findings by hand, so that each test says which message has which.
  const made = findings.map(([messageIndex, severity]): Finding => ({ rule: 'tool-error', severity, messageIndex, related: [], text: '', why: '', fix: '' }));
  return { ...built, findings: made };
}

// 0..8: a run with a failed tool and its retry, an invalid call, a result whose call is elsewhere.
const transcript = transcriptOf(
  [
    system('You answer about the Weather.'),
    human('What is the weather in Paris?', { name: 'alice' }),
    ai({ text: 'Let me look.', model: 'gpt-x', toolCalls: [call('call_1', 'get_weather', { argsText: '{"city":"Paris"}' })] }),
    tool('call_1', { text: 'Error: upstream timed out', status: 'error', name: 'get_weather' }),
    // Arguments given as an object (LangChain's `args`), not as text: searched as their JSON.
    ai({ text: '', toolCalls: [call('call_2', 'get_weather', { args: { city: 'Paris', retry: true } }), call('call_3', 'read_file')] }),
    tool('call_2', { text: 'Sunny, 24 °C', name: 'get_weather' }),
    tool('call_3', { text: 'contents of notes.txt' }),
    ai({ text: 'It is sunny in Paris 😀.', invalidToolCalls: [call('call_4', 'send_mail', { argsText: '{"to":', error: 'not JSON', invalid: true })] }),
    human('Thanks! 天气很好'),
  ],
  [
    [3, 'warning'],
    [7, 'error'],
    [7, 'info'],
    [8, 'info'],
  ],
);

const ALL_ROLES: Role[] = [...ROLE_ORDER];

function hits(query: string, facets: Partial<SearchFacets> = {}, roles: Role[] = ALL_ROLES): number[] {
  const answer = searchMessages(transcript, { query, roles, facets: { ...NO_FACETS, ...facets } });
  if (answer.kind !== 'hits') throw new Error(JSON.stringify(answer));
  expect(answer.complete).toBe(true);
  expect(answer.scanned).toBe(transcript.messages.length);
  return [...answer.hits];
}

describe('searchMessages: the text', () => {
  it('finds words in text, names, ids, models and tool calls (names, ids, arguments), in message order', () => {
    expect(hits('paris')).toEqual([1, 2, 4, 7]);
    expect(hits('alice')).toEqual([1]);
    expect(hits('gpt-x')).toEqual([2]);
    expect(hits('call_2')).toEqual([4, 5]);
    expect(hits('retry')).toEqual([4]);
    expect(hits('send_mail')).toEqual([7]);
    expect(hits('天气')).toEqual([8]);
    expect(hits('😀')).toEqual([7]);
  });

  it('ignores case for words, and spaces around them', () => {
    expect(hits('WEATHER')).toEqual(hits('weather'));
    expect(hits('  sunny ')).toEqual([5, 7]);
  });

  it('reads /pattern/flags as a regular expression, case-sensitive without i', () => {
    expect(hits('/call_[23]/')).toEqual([4, 5, 6]);
    expect(hits('/^Error: /')).toEqual([3]);
    expect(hits('/Weather/')).toEqual([0]);
    expect(hits('/Weather/i')).toEqual(hits('weather'));
    expect(hits('/\\d+ °C/')).toEqual([5]);
  });

  it('answers why an invalid or refused pattern cannot run, and finds nothing with it', () => {
    expect(searchMessages(transcript, { query: '/[a-z/', roles: ALL_ROLES, facets: NO_FACETS })).toEqual({
      kind: 'invalid',
      message: 'Invalid regular expression: Unterminated character class',
    });
    expect(searchMessages(transcript, { query: '/(a+)+$/', roles: ALL_ROLES, facets: NO_FACETS })).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('exponential time'),
    });
  });

  it('finds every message of the roles shown when there is no text', () => {
    expect(hits('')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hits('', {}, ['human', 'tool'])).toEqual([1, 3, 5, 6, 8]);
    expect(hits('paris', {}, ['ai'])).toEqual([2, 4, 7]);
  });
});

describe('searchMessages: the facets', () => {
  it('tool errors: the failed result, the call that got it, and the invalid call', () => {
    expect(hits('', { toolErrors: true })).toEqual([2, 3, 7]);
  });

  it('findings, and findings of a severity (any of those chosen)', () => {
    expect(hits('', { findings: true })).toEqual([3, 7, 8]);
    expect(hits('', { severities: ['info'] })).toEqual([7, 8]);
    expect(hits('', { severities: ['error', 'warning'] })).toEqual([3, 7]);
  });

  it('tools: the calls and the results that answer them (by their call, or their own name)', () => {
    expect(hits('', { tools: ['get_weather'] })).toEqual([2, 3, 4, 5]);
    expect(hits('', { tools: ['read_file'] })).toEqual([4, 6]);
    expect(hits('', { tools: ['read_file', 'send_mail'] })).toEqual([4, 6, 7]);
    expect(hits('', { tools: ['no_such_tool'] })).toEqual([]);
  });

  it('every kind and the text must hold together, and the roles too', () => {
    expect(hits('paris', { tools: ['get_weather'] })).toEqual([2, 4]);
    expect(hits('', { tools: ['get_weather'], toolErrors: true })).toEqual([2, 3]);
    expect(hits('', { tools: ['get_weather'], toolErrors: true }, ['tool'])).toEqual([3]);
    expect(hits('sunny', { findings: true })).toEqual([7]);
    expect(hits('/Paris/', { severities: ['error'], toolErrors: true })).toEqual([7]);
  });

  it('counts what each facet keeps alone, tools most used first', () => {
    expect(facetCounts(transcript)).toEqual({
      tools: [
        { name: 'get_weather', messages: 4 },
        { name: 'read_file', messages: 2 },
        { name: 'send_mail', messages: 1 },
      ],
      severities: { error: 1, warning: 1, info: 2 },
      findings: 3,
      toolErrors: 3,
    });
  });
});

describe('the search in slices', () => {
  /** Many messages, so that the search takes several slices. */
  const big = transcriptOf(Array.from({ length: 20_000 }, (_, i) => human(`message ${i} ${'lorem ipsum '.repeat(20)}${i % 1000 === 0 ? 'needle' : ''}`)));
  const params = { query: '/needle$/', roles: ALL_ROLES, facets: NO_FACETS };

  it('answers the same hits as the search at once', async () => {
    const answer = await searchInSlices(big, params, () => false);
    expect(answer).toMatchObject({ kind: 'hits', complete: true, scanned: 20_000 });
    expect(answer.kind === 'hits' && [...answer.hits]).toEqual(Array.from({ length: 20 }, (_, i) => i * 1000));
  });

  it('stops at its next slice once a newer search has come', async () => {
    let asked = 0;
    // Superseded at the first look between slices: it must not run to the end.
    const answer = await searchInSlices(big, { ...params, query: '/(?:lorem ipsum ){20}x/' }, () => ++asked > 0);
    expect(answer).toEqual({ kind: 'superseded' });
    expect(asked).toBe(1);
  });

  it('past its budget, answers what it found so far and says it did not finish', async () => {
    const answer: SearchAnswer = await searchInSlices(big, { ...params, query: '/(?:lorem ipsum ){20}x/' }, () => false, 5);
    expect(answer).toMatchObject({ kind: 'hits', complete: false });
    if (answer.kind !== 'hits') return;
    expect(answer.scanned).toBeGreaterThan(0);
    expect(answer.scanned).toBeLessThan(20_000);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('the search at once stops at its budget too', () => {
    const answer = searchMessages(big, { ...params, query: '/(?:lorem ipsum ){20}x/' }, 0);
    expect(answer).toMatchObject({ kind: 'hits', complete: false });
  });
});

import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../core/analyze';
import type { Finding, Message, Severity, Transcript } from '../core/model';
import { ai, call, human, system, tool, usage, type Draft } from '../core/testing/messages';
import { latencies, TABLE_COLUMNS, type RowsParams, type TableSort } from '../protocol/messagesTable';
import { ROLE_ORDER } from '../protocol/workerApi';
import { textRanks } from './rowKeys';
import { tableRows } from './rows';

function transcriptOf(drafts: Draft[], findings: [number, Severity][] = []): Transcript {
  const messages = drafts.map((d, index): Message => ({ ...d, index, location: { path: `[${index}]` } }));
  const built = buildTranscript({ name: 'test', label: 'Test' }, messages);
  // Findings by hand, so that each test says which message has which.
  const made = findings.map(([messageIndex, severity]): Finding => ({ rule: 'tool-error', severity, messageIndex, related: [], text: '', why: '', fix: '' }));
  return { ...built, findings: made };
}

const at = (iso: string) => ({ timestamp: iso });

// 0..7: names, models, usage, calls and times chosen so that every column orders them differently.
const transcript = transcriptOf(
  [
    system('Be brief.', { ...at('2026-01-01T10:00:00Z') }),
    human('Zebra crossing status?', { name: 'bob', ...at('2026-01-01T10:00:05Z') }),
    ai({
      text: 'let me look',
      model: 'gpt-b',
      usage: usage(100, 20),
      toolCalls: [call('c1', 'search'), call('c2', 'read_file')],
      ...at('2026-01-01T10:00:06Z'),
    }),
    tool('c1', { text: 'apple pie results', name: 'search', ...at('2026-01-01T10:01:06Z') }),
    tool('c2', { text: 'FILE contents', name: 'read_file' }),
    ai({ text: 'answer one', model: 'gpt-a', usage: usage(300, 5), ...at('2026-01-01T10:01:07Z') }),
    human('again', { name: 'alice', ...at('2026-01-01T10:01:37Z') }),
    ai({ text: '', model: 'gpt-a', usage: usage(50, 90), toolCalls: [call('c3', 'search')], ...at('2026-01-01T10:01:38Z') }),
  ],
  [
    [2, 'warning'],
    [2, 'warning'],
    [4, 'error'],
    [5, 'info'],
    [5, 'info'],
    [5, 'info'],
    [7, 'warning'],
    [7, 'info'],
  ],
);

const ALL: RowsParams = { sort: [], text: '', roles: [...ROLE_ORDER], onlyFindings: false };
const rows = (params: Partial<RowsParams>, of = transcript) => [...tableRows(of, { ...ALL, ...params })];
const sorted = (...sort: TableSort[]) => rows({ sort });

describe('tableRows: sorting', () => {
  it('keeps message order without a sort', () => {
    expect(rows({})).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('sorts by every column, a message without a value last both ways', () => {
    const cases: Record<(typeof TABLE_COLUMNS)[number], { asc: number[]; desc: number[] }> = {
      index: { asc: [0, 1, 2, 3, 4, 5, 6, 7], desc: [7, 6, 5, 4, 3, 2, 1, 0] },
      // system, human, ai, tool; equal roles in message order either way.
      role: { asc: [0, 1, 6, 2, 5, 7, 3, 4], desc: [3, 4, 2, 5, 7, 1, 6, 0] },
      name: { asc: [6, 1, 4, 3, 0, 2, 5, 7], desc: [3, 4, 1, 6, 0, 2, 5, 7] },
      // Lower-cased ('FILE' sorts as 'file'); an empty text is no value.
      preview: { asc: [6, 5, 3, 0, 4, 2, 1, 7], desc: [1, 2, 4, 0, 3, 5, 6, 7] },
      // By the number of calls, then by their names.
      calls: { asc: [0, 1, 3, 4, 5, 6, 7, 2], desc: [2, 7, 0, 1, 3, 4, 5, 6] },
      tokensIn: { asc: [7, 2, 5, 0, 1, 3, 4, 6], desc: [5, 2, 7, 0, 1, 3, 4, 6] },
      tokensOut: { asc: [5, 2, 7, 0, 1, 3, 4, 6], desc: [7, 2, 5, 0, 1, 3, 4, 6] },
      // Running totals: 0, 0, 120, 120, 120, 425, 425, 565.
      tokensCumulative: { asc: [0, 1, 2, 3, 4, 5, 6, 7], desc: [7, 5, 6, 2, 3, 4, 0, 1] },
      model: { asc: [5, 7, 2, 0, 1, 3, 4, 6], desc: [2, 5, 7, 0, 1, 3, 4, 6] },
      time: { asc: [0, 1, 2, 3, 5, 6, 7, 4], desc: [7, 6, 5, 3, 2, 1, 0, 4] },
      // Gaps: -, 5 s, 1 s, 60 s, (no time), 1 s, 30 s, 1 s.
      latency: { asc: [2, 5, 7, 1, 6, 3, 0, 4], desc: [3, 6, 1, 2, 5, 7, 0, 4] },
      // 4: 1 error; 2: 2 warnings; 7: 1 warning 1 info; 5: 3 infos; the rest none.
      findings: { asc: [0, 1, 3, 6, 5, 7, 2, 4], desc: [4, 2, 7, 5, 0, 1, 3, 6] },
    };
    for (const column of TABLE_COLUMNS) {
      expect({ column, order: sorted({ column, desc: false }) }).toEqual({ column, order: cases[column].asc });
      expect({ column, order: sorted({ column, desc: true }) }).toEqual({ column, order: cases[column].desc });
    }
  });

  it('sorts by a second key what the first leaves equal', () => {
    expect(sorted({ column: 'role', desc: false }, { column: 'tokensIn', desc: true })).toEqual([0, 1, 6, 5, 2, 7, 3, 4]);
    expect(sorted({ column: 'model', desc: false }, { column: 'index', desc: true })).toEqual([7, 5, 2, 6, 4, 3, 1, 0]);
    expect(sorted({ column: 'findings', desc: true }, { column: 'index', desc: true })).toEqual([4, 2, 7, 5, 6, 3, 1, 0]);
  });

  it('is stable: equal keys stay in message order, ascending or descending', () => {
    const same = transcriptOf(Array.from({ length: 50 }, (_, i) => human(`m${i}`, { name: i % 2 ? 'x' : 'y' })));
    const byName = (desc: boolean) => rows({ sort: [{ column: 'name', desc }] }, same);
    const odd = Array.from({ length: 25 }, (_, k) => 2 * k + 1);
    const even = Array.from({ length: 25 }, (_, k) => 2 * k);
    expect(byName(false)).toEqual([...odd, ...even]);
    expect(byName(true)).toEqual([...even, ...odd]);
    expect(rows({ sort: [{ column: 'role', desc: true }] }, same)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('tableRows: filters', () => {
  it('keeps messages whose content, tool names or ids contain the text, ignoring case', () => {
    expect(rows({ text: 'ZEBRA' })).toEqual([1]);
    expect(rows({ text: 'read_file' })).toEqual([2, 4]);
    expect(rows({ text: 'c3' })).toEqual([7]);
    expect(rows({ text: '  ' })).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows({ text: 'no such thing' })).toEqual([]);
  });

  it('keeps the roles asked for, and with onlyFindings the messages with a finding', () => {
    expect(rows({ roles: ['human', 'tool'] })).toEqual([1, 3, 4, 6]);
    expect(rows({ roles: [] })).toEqual([]);
    expect(rows({ onlyFindings: true })).toEqual([2, 4, 5, 7]);
    expect(rows({ onlyFindings: true, roles: ['ai'] })).toEqual([2, 5, 7]);
    expect(rows({ onlyFindings: true, text: 'search' })).toEqual([2, 7]);
  });

  it("keeps what the timeline's search keeps: a regular expression, the facets", () => {
    expect(rows({ text: '/^[A-Z]+ /' })).toEqual([4]);
    expect(rows({ facets: { tools: ['search'], severities: [], findings: false, toolErrors: false } })).toEqual([2, 3, 7]);
    expect(rows({ facets: { tools: [], severities: ['error'], findings: false, toolErrors: false }, sort: [{ column: 'index', desc: true }] })).toEqual([4]);
    expect(() => rows({ text: '/(/' })).toThrow('Invalid regular expression: Unterminated group');
  });

  it('sorts what the filters keep', () => {
    expect(rows({ roles: ['ai'], sort: [{ column: 'tokensOut', desc: true }] })).toEqual([7, 2, 5]);
    expect(rows({ onlyFindings: true, sort: [{ column: 'findings', desc: false }] })).toEqual([5, 7, 2, 4]);
  });
});

describe('textRanks', () => {
  it('ranks by the lower-cased prefix, equal prefixes equal, empty and undefined as no value', () => {
    const ranks = [...textRanks(['b', 'B', 'a', undefined, '', 'ab', 'abcdef'], 4)];
    expect(ranks.slice(3, 5)).toEqual([NaN, NaN]);
    // a < ab < abcd(ef) < b = B
    expect([ranks[2], ranks[5], ranks[6], ranks[0], ranks[1]]).toEqual([0, 1, 2, 3, 3]);
    expect(textRanks(['abcdX', 'abcdY'], 4)[0]).toBe(textRanks(['abcdX', 'abcdY'], 4)[1]);
  });

  it('orders by UTF-16 code unit past ASCII, and a lower-cased text longer than its original is cut', () => {
    const ranks = textRanks(['é', 'z', 'İx', 'i'], 2);
    expect(ranks[1]! < ranks[0]!).toBe(true);
    // 'İ' lower-cases to 'i' + U+0307: 'i̇' sorts after 'i'.
    expect(ranks[3]! < ranks[2]!).toBe(true);
  });

  it('matches a comparison sort on many texts', () => {
    const words = ['alpha', 'Beta', 'gamma', 'delta', 'ALPHA', 'beta  x', 'zeta', ''];
    const texts = Array.from({ length: 500 }, (_, i) => `${words[i % words.length]}${words[(i * 7) % words.length]}`);
    const ranks = textRanks(texts, 8);
    const key = (t: string) => t.slice(0, 8).toLowerCase();
    for (let i = 0; i < texts.length; i += 17) {
      for (let j = 0; j < texts.length; j += 13) {
        const [a, b] = [key(texts[i]!), key(texts[j]!)];
        if (a === '' || b === '') continue;
        expect(Math.sign(ranks[i]! - ranks[j]!)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }
    }
  });
});

describe('latencies', () => {
  it('measures from the previous message that has a time', () => {
    expect([...latencies([NaN, 1000, NaN, 4000, 4500])]).toEqual([NaN, NaN, NaN, 3000, 500]);
  });
});

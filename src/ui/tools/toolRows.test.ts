import { describe, expect, it } from 'vitest';
import { toolCallTable, type ToolCallTable } from '../../core/analytics/toolCalls';
import { linkToolCalls } from '../../core/links';
import type { Message } from '../../core/model';
import { ai, build, call, human, tool } from '../../core/testing/messages';
import {
  DEFAULT_SORT,
  DEFAULT_SUMMARY_SORT,
  formatRate,
  formatSize,
  sortedSummary,
  statusCounts,
  visibleToolRows,
  type ToolFilter,
  type ToolSort,
} from './toolRows';

const tableOf = (messages: Message[]): ToolCallTable => toolCallTable({ messages, links: linkToolCalls(messages) });
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();

// Rows: 0 a bash ok (3 s, 10 chars), 1 b bash error (1 s, 300 chars), 2 c read ok (no time, 2 chars),
// 3 d Read orphan, 4 ghost lookup unknown-result, 5 made-up fetch pending.
const table = tableOf(
  build(
    human('go', { timestamp: at(0) }),
    ai({ timestamp: at(1), toolCalls: [call('a', 'bash', { args: { cmd: 'ls -la' } }), call('b', 'bash', { args: { cmd: 'make' } }), call('c', 'read')] }),
    tool('a', { timestamp: at(4), text: 'x'.repeat(10) }),
    tool('b', { timestamp: at(2), status: 'error', text: 'e'.repeat(300) }),
    tool('c', { text: 'ok' }),
    ai({ toolCalls: [call('d', 'Read')] }),
    human('next'),
    tool('ghost', { name: 'lookup' }),
    ai({ toolCalls: [call('fetch@8.0', 'fetch', { idMadeUp: { path: 'messages[8].tool_calls[0]' } })] }),
  ),
);
const all: ToolFilter = { tool: null, status: null, text: '' };
const shown = (filter: Partial<ToolFilter> = {}, sort: ToolSort = DEFAULT_SORT) => [...visibleToolRows(table, { ...all, ...filter }, sort)];

describe('visibleToolRows', () => {
  it('keeps timeline order by default and filters by tool, status and text (ignoring case; the made-up id’s position too)', () => {
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shown({ tool: table.tools.indexOf('bash') })).toEqual([0, 1]);
    expect(shown({ status: 'error' })).toEqual([1]);
    expect(shown({ status: 'orphan' })).toEqual([3]);
    expect(shown({ text: 'READ' })).toEqual([2, 3]);
    expect(shown({ text: 'tool_calls[0]' })).toEqual([5]);
    expect(shown({ text: 'ls -la' })).toEqual([0]);
    expect(shown({ text: 'ghost' })).toEqual([4]);
    expect(shown({ tool: table.tools.indexOf('bash'), status: 'ok' })).toEqual([0]);
    expect(shown({ text: 'nothing like it' })).toEqual([]);
  });

  it('sorts by each column either way; rows without a value go last both ways, ties stay in timeline order', () => {
    expect(shown({}, { column: 'size', desc: true })).toEqual([1, 0, 2, 4, 3, 5]);
    expect(shown({}, { column: 'size', desc: false })).toEqual([2, 4, 0, 1, 3, 5]);
    expect(shown({}, { column: 'duration', desc: true })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shown({}, { column: 'duration', desc: false })).toEqual([1, 0, 2, 3, 4, 5]);
    expect(shown({}, { column: 'status', desc: false })).toEqual([1, 3, 4, 5, 0, 2]);
    expect(shown({}, { column: 'tool', desc: false })).toEqual([0, 1, 5, 4, 2, 3]);
    expect(shown({}, { column: 'issued', desc: true })).toEqual([5, 3, 0, 1, 2, 4]);
    expect(shown({}, { column: 'answered', desc: false })).toEqual([0, 1, 2, 4, 3, 5]);
    expect(shown({}, { column: 'id', desc: false })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shown({}, { column: 'id', desc: true })).toEqual([5, 4, 3, 2, 1, 0]);
    // Compared as written: `{"` before `{}`; no arguments (a result nobody called) last.
    expect(shown({}, { column: 'args', desc: false })).toEqual([0, 1, 2, 3, 5, 4]);
  });

  it('counts each status for the status filter, of one tool or all', () => {
    expect(statusCounts(table, null)).toEqual({ ok: 2, error: 1, orphan: 1, pending: 1, 'unknown-result': 1, invalid: 0 });
    expect(statusCounts(table, table.tools.indexOf('bash'))).toEqual({ ok: 1, error: 1, orphan: 0, pending: 0, 'unknown-result': 0, invalid: 0 });
  });

  it('sorts 50,000 calls twice and filters them once in well under the 300 ms a sort may take each', () => {
    const drafts = [];
    for (let i = 0; i < 25_000; i++) {
      drafts.push(
        ai({ toolCalls: [call(`a${i}`, `tool${i % 13}`, { args: { i } }), call(`b${i}`, 'read')] }),
        tool(`a${i}`, { text: 'r'.repeat(i % 97) }),
        tool(`b${i}`),
      );
    }
    const big = tableOf(build(...drafts));
    const started = performance.now();
    const bySize = visibleToolRows(big, all, { column: 'size', desc: true });
    const byId = visibleToolRows(big, all, { column: 'id', desc: false });
    const filtered = visibleToolRows(big, { ...all, text: 'TOOL7' }, DEFAULT_SORT);
    const elapsed = performance.now() - started;
    expect(bySize).toHaveLength(50_000);
    expect(big.resultChars[bySize[0]!]).toBe(96);
    expect(big.ids[byId[0]!]).toBe('a0');
    expect(filtered).toHaveLength(Math.floor((25_000 - 1 - 7) / 13) + 1);
    // About 10 ms a sort and 100 ms for the first text filter (it lower-cases every row once) on an idle machine.
    expect(elapsed).toBeLessThan(900);
  });
});

describe('sortedSummary', () => {
  it('puts the tool that failed most first, then by any column; a tool only strays name has no error rate and goes last', () => {
    const names = (order: number[]) => order.map((i) => table.summary[i]!.name);
    // Ties by calls, most first, then by name.
    expect(names(sortedSummary(table.summary, DEFAULT_SUMMARY_SORT))).toEqual(['bash', 'fetch', 'read', 'Read', 'lookup']);
    expect(names(sortedSummary(table.summary, { column: 'name', desc: false }))).toEqual(['bash', 'fetch', 'lookup', 'read', 'Read']);
    expect(names(sortedSummary(table.summary, { column: 'rate', desc: true }))).toEqual(['bash', 'fetch', 'read', 'Read', 'lookup']);
    expect(names(sortedSummary(table.summary, { column: 'rate', desc: false }))).toEqual(['fetch', 'read', 'Read', 'bash', 'lookup']);
    expect(names(sortedSummary(table.summary, { column: 'total', desc: true }))).toEqual(['bash', 'read', 'lookup', 'fetch', 'Read']);
  });
});

describe('formats', () => {
  it('sizes and rates', () => {
    expect([formatSize(-1), formatSize(532), formatSize(12_345), formatSize(9_960), formatSize(4_100_000)]).toEqual(['', '532', '12k', '10k', '4.1M']);
    expect([formatRate(NaN), formatRate(0), formatRate(0.004), formatRate(1 / 3)]).toEqual(['—', '0%', '0.4%', '33%']);
  });
});

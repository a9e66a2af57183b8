import { describe, expect, it } from 'vitest';
import { readPlacedItems } from './placedItems';

describe('readPlacedItems', () => {
  it('gives each Responses turn its wrappers as raw, the first one’s path, and a copied call its source', () => {
    const reasoning = { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Look.' }] };
    const source = { type: 'function_call', callId: 'c1', name: 'ls', arguments: '{}' };
    const call = { ...source, call_id: 'c1' };
    const output = { type: 'function_call_output', call_id: 'c1', output: 'a.txt' };
    const wrap = (item: unknown, n: number) => ({ line: n, item });
    const read = readPlacedItems([
      { item: reasoning, raw: wrap(reasoning, 3), path: 'line 3', extra: 3 },
      { item: call, source, raw: wrap(source, 4), path: 'line 4', extra: 4 },
      { item: output, raw: wrap(output, 5), path: 'line 5', extra: 5 },
    ]);
    expect(read.map(({ draft, first }) => [draft.role, draft.location.path, first?.extra])).toEqual([
      ['ai', 'line 3', 3],
      ['tool', 'line 5', 5],
    ]);
    expect(read[0]?.draft.raw).toEqual([wrap(reasoning, 3), wrap(source, 4)]);
    expect(read[0]?.draft.toolCalls.map((c) => [c.id, c.raw])).toEqual([['c1', source]]);
    expect(read[1]?.draft).toMatchObject({ toolCallId: 'c1', raw: wrap(output, 5) });
  });
});

import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import { readDatasetRows } from './datasetRows';
import { newDraft } from './drafts';

const readRow = ({ value, where }: { value: Record<string, unknown>; where: { path: string } }) =>
  Array.isArray(value.turns) ? value.turns.map((turn: unknown) => newDraft('human', 'user', [], turn, where.path)) : [];

describe('readDatasetRows', () => {
  it('makes each row a conversation, labelled by its id or number, and keeps what is not a row', () => {
    const rows = [{ id: 'first', turns: [1, 2] }, { turns: [3] }, 'junk', { turns: [] }, 'bad line'];
    const out = readDatasetRows(input(rows, { jsonLines: true, lineOf: [1, 2, 3, 4, 6], lineErrors: new Map([[4, 'not JSON']]) }), 'a row', readRow);
    expect(out.conversations?.map(({ label, start, end }) => [label, start, end])).toEqual([
      ['first', 0, 2],
      ['row 2', 2, 3],
      ['row 3', 3, 4],
      ['row 5', 4, 5],
    ]);
    expect(out.messages.map((m) => [m.location.path, m.problem])).toEqual([
      ['line 1', undefined],
      ['line 1', undefined],
      ['line 2', undefined],
      ['line 3', 'expected a row, got a string'],
      ['line 6', 'not JSON'],
    ]);
    expect(out.notes).toEqual(['4 dataset rows, each a conversation of its own.', '1 row has no messages and is not shown.']);
  });

  it('reads one row alone as one conversation', () => {
    const out = readDatasetRows(input({ turns: [1] }), 'a row', readRow);
    expect(out.conversations).toBeUndefined();
    expect(out.messages.map((m) => m.location.path)).toEqual(['']);
  });
});

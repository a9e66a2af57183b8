import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import { PieceBuilder, readPieceList, type PieceReader } from './splitMessages';

const text = (t: string) => ({ kind: 'text' as const, type: 'text', text: t, raw: t });

/** Reads `{id, items: [string | {result: id}]}`: strings are text, `{result}` objects are tool results. */
const readItems: PieceReader = (element) => {
  if (typeof element !== 'object' || element === null || !('items' in element) || !Array.isArray(element.items)) {
    return { unreadable: 'no items' };
  }
  const id = 'id' in element && typeof element.id === 'string' ? element.id : undefined;
  const builder = new PieceBuilder('ai', { sourceType: 'msg', id, timestamp: 't0' });
  element.items.forEach((item: unknown, i) => {
    if (typeof item === 'string') builder.add(text(item));
    else
      builder.result({
        sourceType: 'res',
        toolCallId: `c${i}`,
        text: 'ok',
        block: { kind: 'tool_result', type: 'res', text: 'ok', raw: item },
        path: ['items', i],
      });
  });
  builder.usage = { input: 1, output: 2, total: 3, totalReported: true };
  return builder.finish();
};

describe('readPieceList', () => {
  it('splits tool results out in block order, each with its block as raw and path', () => {
    const element = { id: 'm1', items: ['a', 'b', { result: 1 }, { result: 2 }, 'c'] };
    const messages = readPieceList(input({ messages: [element] }), { list: [element], path: ['messages'] }, readItems, '');
    expect(messages.map((m) => [m.role, m.id, m.text, m.toolCallId, m.location.path, m.usage?.total])).toEqual([
      ['ai', 'm1', 'a\nb', undefined, 'messages[0]', 3],
      ['tool', undefined, 'ok', 'c2', 'messages[0].items[2]', undefined],
      ['tool', undefined, 'ok', 'c3', 'messages[0].items[3]', undefined],
      ['ai', undefined, 'c', undefined, 'messages[0]', undefined],
    ]);
    expect(messages.map((m) => m.raw)).toEqual([element, { result: 1 }, { result: 2 }, element]);
    expect(messages.map((m) => m.turn)).toEqual([0, 0, 0, 0]);
    expect(messages[1]?.timestamp).toBe('t0');
  });

  it('keeps the element as raw when it reads as one message, even a single result', () => {
    const element = { items: [{ result: 1 }] };
    const [message] = readPieceList(input([element]), { list: [element], path: [] }, readItems, '');
    expect(message).toMatchObject({ role: 'tool', toolCallId: 'c0', raw: element, location: { path: '[0]' } });
    expect(message?.turn).toBeUndefined();
  });

  it('reads an element without content as one empty message of its role', () => {
    const messages = readPieceList(input([{ id: 'x', items: [] }]), { list: [{ id: 'x', items: [] }], path: [] }, readItems, '');
    expect(messages.map((m) => [m.role, m.id, m.text, m.usage?.total])).toEqual([['ai', 'x', '', 3]]);
  });

  it('gives a single message the root path, and its split-out parts paths below it', () => {
    const element = { items: ['a', { result: 1 }] };
    const messages = readPieceList(input(element), { list: [element], path: [], single: true }, readItems, '');
    expect(messages.map((m) => m.location.path)).toEqual(['', 'items[1]']);
  });

  it('keeps JSON Lines paths and bad lines, and unreadable elements', () => {
    const value = [{ items: ['a', { result: 1 }] }, 'not json', 7];
    const lines = { jsonLines: true, lineOf: [1, 2, 3], lineErrors: new Map([[1, 'bad line']]) };
    const messages = readPieceList(input(value, lines), { list: value, path: [] }, readItems, '');
    expect(messages.map((m) => [m.role, m.location.path, m.problem])).toEqual([
      ['ai', 'line 1', undefined],
      ['tool', 'line 1', undefined],
      ['other', 'line 2', 'bad line'],
      ['other', 'line 3', 'no items'],
    ]);
  });

  it('says what it expected when there is no list', () => {
    const [message] = readPieceList(input({ a: 1 }), undefined, readItems, 'items');
    expect(message?.problem).toBe('expected items; got an object with keys a');
  });
});

describe('PieceBuilder', () => {
  const result = (id: string) => ({
    sourceType: 'res',
    toolCallId: id,
    text: id,
    block: { kind: 'tool_result' as const, type: 'res', text: id, raw: id },
    path: [id],
  });

  it('names results of a tool-role element by its role and keeps its other blocks with a result', () => {
    const builder = new PieceBuilder('tool', { sourceType: 'tool', id: 't1' });
    builder.add(text('note'));
    builder.result(result('a'));
    builder.result(result('b'));
    builder.add(text('after'));
    const pieces = builder.finish();
    expect(pieces.map(({ body }) => [body.role, body.sourceType, body.id, body.toolCallId, body.content.map((b) => b.text)])).toEqual([
      ['tool', 'tool', 't1', 'a', ['note', 'a']],
      ['tool', 'tool', 't1', 'b', ['b', 'after']],
    ]);
  });

  it('keeps a tool-role element without results as one tool message', () => {
    const builder = new PieceBuilder('tool', { sourceType: 'tool' });
    builder.add(text('only a note'));
    expect(builder.finish().map(({ body }) => [body.role, body.text, body.toolCallId])).toEqual([['tool', 'only a note', undefined]]);
  });
});

import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import type { ParsedInput } from '../types';
import { findMessageList, readMessageList, scoreList, type ElementReader } from './messageList';

/** Reads numbers as human messages and refuses anything else. */
const readNumber: ElementReader = (element, path) =>
  typeof element === 'number'
    ? { role: 'human', sourceType: 'n', content: [], text: String(element), toolCalls: [], invalidToolCalls: [], raw: element, location: { path } }
    : { unreadable: 'not a number' };

describe('findMessageList', () => {
  it('finds a bare array, {messages} and a LangGraph thread state', () => {
    expect(findMessageList([1])).toEqual({ list: [1], path: [] });
    expect(findMessageList({ model: 'x', messages: [1] })).toEqual({ list: [1], path: ['messages'] });
    expect(findMessageList({ values: { messages: [1] }, next: [] })).toEqual({ list: [1], path: ['values', 'messages'] });
  });

  it('finds nothing elsewhere', () => {
    for (const value of [{ messages: 'x' }, { values: [] }, { values: { messages: {} } }, 'x', null]) {
      expect(findMessageList(value)).toBeUndefined();
    }
  });
});

describe('readMessageList', () => {
  it('writes paths for each wrapper', () => {
    expect(readMessageList(input([1, 2]), readNumber, '').map((m) => m.location.path)).toEqual(['[0]', '[1]']);
    expect(readMessageList(input({ messages: [1] }), readNumber, '').map((m) => m.location.path)).toEqual(['messages[0]']);
    expect(readMessageList(input({ values: { messages: [1] } }), readNumber, '').map((m) => m.location.path)).toEqual(['values.messages[0]']);
  });

  it('keeps raw verbatim and turns unreadable elements into unrecognized messages', () => {
    const element = { long: 'x'.repeat(500) };
    const [message] = readMessageList(input([element]), readNumber, '');
    expect(message).toMatchObject({ role: 'other', sourceType: '(unrecognized)', problem: 'not a number', raw: element });
    expect(message?.text.length).toBe(160);
  });

  it('uses JSON Lines line numbers and keeps bad lines with their reason', () => {
    const lines: ParsedInput = {
      value: [1, '{oops', 3],
      jsonLines: true,
      lineOf: [1, 4, 5],
      lineErrors: new Map([[1, 'line 4: invalid JSON at column 2: ...']]),
    };
    expect(readMessageList(lines, readNumber, '').map((m) => [m.location.path, m.problem ?? m.text])).toEqual([
      ['line 1', '1'],
      ['line 4', 'line 4: invalid JSON at column 2: ...'],
      ['line 5', '3'],
    ]);
  });

  it('shows the whole input as one message when there is no list', () => {
    expect(readMessageList(input({ a: 1 }), readNumber, 'a list of numbers')).toEqual([
      expect.objectContaining({ location: { path: '' }, raw: { a: 1 }, problem: 'expected a list of numbers; got an object with keys a' }),
    ]);
  });

  it('turns a reader that throws into a problem instead of losing the other messages', () => {
    const throwing: ElementReader = (element, path) => {
      if (element === 2) throw new RangeError('Maximum call stack size exceeded');
      return readNumber(element, path);
    };
    expect(readMessageList(input([1, 2, 3]), throwing, '').map((m) => m.problem)).toEqual([
      undefined,
      'could not be read: Maximum call stack size exceeded',
      undefined,
    ]);
  });
});

describe('scoreList', () => {
  const score = (element: unknown) => (typeof element === 'number' ? 100 : 0);

  it('averages over the first five elements only', () => {
    expect(scoreList(input([1, 2, 3, 4, 'x', 'y', 'z']), score)).toBe(80);
    expect(scoreList(input([1, 2, 3, 4, 5, 'x', 'y', 'z']), score)).toBe(100);
  });

  it('skips JSON Lines bad lines and scores 0 without a list or elements', () => {
    const lines: ParsedInput = { value: [1, '{oops', 3], jsonLines: true, lineOf: [1, 2, 3], lineErrors: new Map([[1, 'bad']]) };
    expect(scoreList(lines, score)).toBe(100);
    expect(scoreList(input([]), score)).toBe(0);
    expect(scoreList(input({ a: [1] }), score)).toBe(0);
  });
});

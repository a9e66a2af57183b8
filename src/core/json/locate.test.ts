import { describe, expect, it } from 'vitest';
import { formatPath, linePath, locatePaths, type Position } from './locate';

// Columns count UTF-16 code units: '你' is one, '😀' two; a tab is one.

/** Builds text from parts, recording where each marked part starts, as line/column. */
function build(parts: (string | { mark: string })[]): { text: string; marks: Map<string, Position> } {
  let text = '';
  const marks = new Map<string, Position>();
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    const lines = text.split('\n');
    marks.set(part.mark, { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 });
  }
  return { text, marks };
}

describe('formatPath', () => {
  it('writes keys with dots and indexes in brackets', () => {
    expect(formatPath(['messages', 3])).toBe('messages[3]');
    expect(formatPath(['values', 'messages', 0])).toBe('values.messages[0]');
    expect(formatPath([3])).toBe('[3]');
    expect(formatPath([])).toBe('');
    expect(linePath(4)).toBe('line 4');
  });
});

describe('locatePaths', () => {
  it('finds elements past strings holding brackets, quotes, escapes and multi-byte text', () => {
    const { text, marks } = build([
      '{"note": "]}[{\\"", "values": {"skip": ["}", "\\\\", {"messages": [1]}],\n',
      ' "messages": [\n  ',
      { mark: 'a' },
      '{"content": "a \\"quoted\\" ] } \\\\"},\t',
      { mark: 'b' },
      '"你好😀 \\\\\\"x",\n',
      { mark: 'c' },
      '[[], {}, "\\u005d"], ',
      { mark: 'd' },
      '-1.5e3, ',
      { mark: 'e' },
      'null',
      '\n]}}',
    ]);
    expect(JSON.parse(text)).toBeTruthy();
    const paths = ['values.messages[0]', 'values.messages[1]', 'values.messages[2]', 'values.messages[3]', 'values.messages[4]'];
    expect(locatePaths(text, paths)).toEqual(['a', 'b', 'c', 'd', 'e'].map((mark) => marks.get(mark)));
  });

  it('decodes escaped keys and finds nested paths in any order', () => {
    const { text, marks } = build(['{"m\\u0065ssages": [0, ', { mark: 'one' }, '{"x": ', { mark: 'x' }, '[]}], "tail": ', { mark: 'tail' }, 'true}']);
    expect(locatePaths(text, ['tail', 'messages[1].x', 'messages[1]'])).toEqual([marks.get('tail'), marks.get('x'), marks.get('one')]);
  });

  it('finds the root and bare-array elements, and leaves absent paths undefined', () => {
    const text = '\n  [ {"a": 1} ,\n{}]';
    expect(locatePaths(text, ['', '[0]', '[1]', '[2]', 'messages[0]', 'not a path!'])).toEqual([
      { line: 2, column: 3 },
      { line: 2, column: 5 },
      { line: 3, column: 1 },
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('skips objects and arrays that are not on any path, however deep', () => {
    const deep = `${'['.repeat(500)}"]"${']'.repeat(500)}`;
    const text = `{"other": ${deep}, "messages": [${deep}, "x"]}`;
    expect(locatePaths(text, ['messages[1]'])).toEqual([{ line: 1, column: text.lastIndexOf('"x"') + 1 }]);
  });

  it('places JSON Lines elements at the first non-blank character of their line', () => {
    const text = '{"a": 1}\r\n\n   {"b": [\n\t{"c": 3}';
    expect(locatePaths(text, ['line 4', 'line 1', 'line 3', 'line 9'])).toEqual([
      { line: 4, column: 2 },
      { line: 1, column: 1 },
      { line: 3, column: 4 },
      undefined,
    ]);
  });

  it('never throws on text that is not JSON', () => {
    for (const text of ['', '[', '{"messages": [1,', '{"messages" 1}', '{"messages": ["unclosed', ']]]']) {
      expect(() => locatePaths(text, ['messages[0]', 'messages[1]', '[0]'])).not.toThrow();
    }
  });

  it('locates 100k messages in one pass', () => {
    const element = '{"type": "ai", "data": {"content": "x ] } \\" [", "tool_calls": [{"args": {"a": [1, 2]}}]}}';
    const text = `{"messages": [\n${Array.from({ length: 100_000 }, () => element).join(',\n')}\n]}`;
    const paths = Array.from({ length: 100_000 }, (_, i) => `messages[${i}]`);
    const positions = locatePaths(text, paths);
    expect(positions[0]).toEqual({ line: 2, column: 1 });
    expect(positions[99_999]).toEqual({ line: 100_001, column: 1 });
    // Re-scanning the text per message (~5e11 steps) cannot finish in this budget; one pass takes well under a second.
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { JsonSpans, parsePath } from './jsonSpans';

describe('JsonSpans', () => {
  const text = '{"a": [1, "x\\"]", {"id": "k", "b": [true, null]}], "c": {"d": -1.5e3}}';
  const spans = new JsonSpans(text);

  it('finds the span of the value at a path, strings with escapes included', () => {
    const slice = (path: (string | number)[]) => {
      const span = spans.at(path);
      return span && text.slice(span.start, span.end);
    };
    expect(slice(['a', 1])).toBe('"x\\"]"');
    expect(slice(['a', 2, 'b'])).toBe('[true, null]');
    expect(slice(['c', 'd'])).toBe('-1.5e3');
    expect(slice(['a', 3])).toBeUndefined();
    expect(slice(['nope'])).toBeUndefined();
  });

  it('lists string values (not keys) and entries by key', () => {
    const root = spans.root()!;
    expect(spans.stringValues(root).map((s) => s.value)).toEqual(['x"]', 'k']);
    expect(spans.entriesNamed(root, 'id').map((e) => text.slice(e.value.start, e.value.end))).toEqual(['"k"']);
  });

  it('reads JSON Lines as a list of its lines', () => {
    const lines = '{"a": 1}\n\n  {"a": 2}  \r\n{"a": 3}';
    const jsonl = new JsonSpans(lines, { lineOf: [1, 3, 4] });
    const root = jsonl.root()!;
    expect(jsonl.entries(root)!.map((s) => lines.slice(s.start, s.end))).toEqual(['{"a": 1}', '{"a": 2}', '{"a": 3}']);
    expect(jsonl.separator(root)).toBe('\r\n');
    expect(lines.slice(jsonl.at([1, 'a'])!.start, jsonl.at([1, 'a'])!.end)).toBe('2');
  });

  it('joins entries the way the list does, or with the first entry’s indentation', () => {
    const pretty = new JsonSpans('[\n    {"x": 1}\n]');
    expect(pretty.separator(pretty.root()!)).toBe(',\n    ');
    const flat = new JsonSpans('[1,2]');
    expect(flat.separator(flat.root()!)).toBe(',');
  });
});

describe('parsePath', () => {
  it('reads the paths formatPath writes', () => {
    expect(parsePath('messages[3].content[0]')).toEqual(['messages', 3, 'content', 0]);
    expect(parsePath('[2].data')).toEqual([2, 'data']);
    expect(parsePath('')).toEqual([]);
    expect(parsePath('line 4')).toEqual(['line 4']);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from './depth';
import { parseInput } from './parseInput';
import { StreamingJsonParser } from './streamingJson';

/** Pushes `text` in pieces of `size` characters, parsing array elements in batches of `batch` characters. */
function stream(text: string, size: number, batch: number) {
  const parser = new StreamingJsonParser(batch);
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  return parser.finish();
}

/** What parseInput reads of an object, an array or JSON Lines; undefined for anything else (including invalid JSON). */
function expected(text: string) {
  const result = parseInput(text);
  if (!result.ok) return undefined;
  const { value } = result.input;
  return result.input.jsonLines || (typeof value === 'object' && value !== null) ? result.input : undefined;
}

function expectSameAsParseInput(text: string): void {
  for (const size of [1, 2, 3, 7, 64, text.length || 1]) {
    for (const batch of [1, 5, 1 << 20]) {
      const result = stream(text, size, batch);
      expect(result.text()).toBe(text);
      const what = `pieces of ${size}, batches of ${batch}: ${text.slice(0, 80)}`;
      expect(result.parsed, what).toEqual(expected(text));
      // Same keys in the same order, own `__proto__` included.
      expect(JSON.stringify(result.parsed?.value), what).toBe(JSON.stringify(expected(text)?.value));
    }
  }
}

/** Checks first what parseInput makes of each text (so no case is vacuous), then that the stream agrees. */
function expectEachSameAsParseInput(texts: readonly string[], parseInputSays: 'read' | 'refused' | 'json-lines'): void {
  for (const text of texts) {
    const input = expected(text);
    if (parseInputSays === 'refused') expect(input, text).toBeUndefined();
    else expect(input?.jsonLines, text).toBe(parseInputSays === 'json-lines');
    expectSameAsParseInput(text);
  }
}

const fixtures = import.meta.glob<string>('../../../fixtures/**/*.{json,jsonl}', { query: '?raw', import: 'default', eager: true });

describe('StreamingJsonParser', () => {
  it('reads arrays exactly as parseInput does, however the text is cut', () => {
    const texts = [
      '[]',
      ' [ ] \n',
      '[1]',
      '[1,2,3]',
      '[{"a":[1,{"b":"]"}]},"x,y",[[]],null,true,-1.5e3]',
      '[{"s":"quote \\" inside"},{"s":"backslash \\\\"},"\\\\\\"",{"k\\"ey":"v"}]',
      '[{"s":"brackets [{ and commas , in strings }]"}, "\\u005d"]',
      '[\n  {"type": "human", "data": {"content": "Hi ☀ \\ud83d\\ude00"}},\n  {"type": "ai", "data": {"content": ""}}\n]\n',
      `[${'"\\n\\t\\\\",'.repeat(200)}0]`,
    ];
    expectEachSameAsParseInput(texts, 'read');
  });

  it('cuts an array written one element a line at its lines, and recovers from a line that is not an element', () => {
    const nested = [
      { type: 'ai', data: { content: 'a\nb', tool_calls: [{ id: 'c1', args: { q: [1, { r: 2 }] } }] } },
      { type: 'tool', data: {} },
    ];
    const texts = [
      `[\n${[...nested, ...nested].map((m) => JSON.stringify(m)).join(',\n')}\n]\n`,
      JSON.stringify([...nested, ...nested, 'last'], null, 2),
      '[\r\n{"a":1},\r\n{"b":2}\r\n]\r\n',
      '[\n  1,\n  2\n]',
      '[\n]',
      // Lines inside the first element start like it: a cut there fails and the structure is followed instead.
      '[\n{"a": [\n{"b": 1},\n{"c": 2}]},\n{"d": [\n{"e": 3}]},\n{"f": 4}\n]',
    ];
    expectEachSameAsParseInput(texts, 'read');
    expectEachSameAsParseInput(['[\n1,\n]', '[\n1\n]\n[\n2\n]', '[\n1,\n2\n]x', '[\n1,\n2\n'], 'refused');
  });

  it('cuts values nested deeper than MAX_DEPTH where parseInput does, and says where', () => {
    const arrays = (levels: number): string => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
    const objects = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const texts = [
      `[${arrays(600)}, 1, ${arrays(MAX_DEPTH - 1)}]`,
      `{"messages": [{"content": ${arrays(600)}}], "state": {"values": {"deep": ${objects(600)}}}}`,
      `[\n{"a": 1},\n${arrays(600)},\n{"b": ${objects(MAX_DEPTH + 5)}}\n]`,
      `{"role": "user", "content": "hi"}\n{"role": "ai", "content": ${arrays(600)}}\n`,
    ];
    expectEachSameAsParseInput(texts.slice(0, 3), 'read');
    expectEachSameAsParseInput(texts.slice(3), 'json-lines');
    expect(texts.map((text) => stream(text, 7, 64).parsed?.deep?.count)).toEqual([1, 2, 2, 1]);
    expect(stream(texts[1]!, 5, 1 << 20).parsed?.deep?.paths.map((path) => path.slice(0, 4))).toEqual([
      ['messages', 0, 'content', 0],
      ['state', 'values', 'deep', 'a'],
    ]);
  });

  it('reads objects and the arrays in them exactly as parseInput does', () => {
    const texts = [
      '{}',
      ' { } ',
      '{"messages": []}',
      '{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi, [there]"}, {"role": "assistant"}], "temperature": 0.2}',
      '{"values": {"messages": [1, 2, {"a": {"b": {"c": [3]}}}]}, "next": [], "config": {"configurable": {"thread_id": "t"}}}',
      '{"a": {"b": {"c": {"d": {"e": 1}}}}, "f": [[1], {"g": null}]}',
      JSON.stringify({ 'k"ey': 1, 'k\\': 'v"', A: '\u0000\n', '': false }),
      '{"a": 1, "a": 2, "b": {"x": 1}, "b": [2]}',
      '{"__proto__": {"polluted": true}, "inner": {"__proto__": [1]}}',
      '{"2": "two", "1": "one", "b": "b", "a": "a"}',
      JSON.stringify({ text: '\\\\"}{][,:', more: ['\\', '"'] }),
      '{\n  "resourceSpans": [\n    {"scopeSpans": [{"spans": [{"name": "chat"}]}]}\n  ]\n}\n',
    ];
    expectEachSameAsParseInput(texts, 'read');
  });

  it('gives no value for invalid JSON or anything but one object or array, so the caller parses as before', () => {
    const texts = [
      '',
      '   ',
      '"text"',
      '42',
      'null',
      '{"a": 1,}',
      '{"a" 1}',
      '{"a": }',
      '{"a": 1 "b": 2}',
      '{"a": 1]',
      '{"a": [1}',
      '{1: 2}',
      '{"a": {"b": 1}',
      '{"a": 1} {"b": 2}',
      '[1,]',
      '[1,,2]',
      '[,1]',
      '[1, ,2]',
      '[1}',
      '[{"a":1]}',
      '[1] [2]',
      '[1] x',
      '[1',
      '["unclosed]',
      '[{"a":1}\n{"a":2}]',
      '{"a": 1} {"b": 2}\n{"c": 3}',
      '{\n"a": 1}\n{"b": 2}',
    ];
    expectEachSameAsParseInput(texts, 'refused');
  });

  it('reads JSON Lines as parseInput does, line numbers and bad lines included', () => {
    const texts = [
      '{"a":1}\n{"a":2}\n',
      '[1]\n[2]',
      '\n\n  {"type": "user"}  \n\n{"type": "assistant", "content": "x\\ny"}\r\n{"type": "bad" \n{"last": true}',
      `${JSON.stringify({ big: 'z'.repeat(5000) })}\n${JSON.stringify({ next: [1, 2] })}\n`,
    ];
    expectEachSameAsParseInput(texts, 'json-lines');
  });

  it('reads every fixture history as parseInput does', () => {
    expect(Object.keys(fixtures).length).toBeGreaterThan(50);
    for (const [file, text] of Object.entries(fixtures)) {
      for (const [size, batch] of [
        [1, 16],
        [97, 1],
        [4096, 256],
      ] as const) {
        expect(stream(text, size, batch).parsed, file).toEqual(expected(text));
      }
    }
  });

  it('reads each JSON Lines line once, however many lines a piece holds', () => {
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ type: 'user', n: i }));
    const text = `${lines.join('\n')}\n`;
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>): unknown => {
      calls++;
      return parse(...args);
    };
    let parsed;
    try {
      const parser = new StreamingJsonParser();
      // A disk read or a network chunk holds many lines; each used to be read again at every later character.
      parser.push(text);
      parsed = parser.finish().parsed;
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toEqual(expected(text));
    expect(calls).toBeLessThan(2 * lines.length);
  });

  it('parses in batches while text arrives, not all at the end', () => {
    const element = JSON.stringify({ type: 'tool', data: { content: 'x'.repeat(100) } });
    const text = `[${Array.from({ length: 100 }, () => element).join(',')}]`;
    const parser = new StreamingJsonParser(1000);
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>): unknown => {
      calls++;
      return parse(...args);
    };
    try {
      parser.push(text.slice(0, text.length / 2));
      expect(calls).toBeGreaterThan(0);
      parser.push(text.slice(text.length / 2));
    } finally {
      JSON.parse = parse;
    }
    expect(parser.finish().parsed?.value).toHaveLength(100);
  });

  it('counts the entries parsed so far, for progress: array elements in batches and JSON Lines lines', () => {
    const element = JSON.stringify({ type: 'human', data: { content: 'x'.repeat(100) } });
    const countsWhileReading = (text: string): number[] => {
      const parser = new StreamingJsonParser(1000);
      const counts: number[] = [];
      for (let i = 0; i < text.length; i += 500) {
        parser.push(text.slice(i, i + 500));
        counts.push(parser.entriesParsed);
      }
      parser.finish();
      counts.push(parser.entriesParsed);
      return counts;
    };
    const elements = Array.from({ length: 100 }, () => element);
    for (const text of [`[${elements.join(',')}]`, `[\n${elements.join(',\n')}\n]\n`, `{"messages": [${elements.join(',')}]}`, `${elements.join('\n')}\n`]) {
      const counts = countsWhileReading(text);
      expect(counts.at(-1)).toBe(100);
      // Rising while the text arrives, not only at the end.
      expect(counts.some((count) => count > 0 && count < 100)).toBe(true);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
    }
    expect(countsWhileReading('"just a string"').at(-1)).toBe(0);
  });
});

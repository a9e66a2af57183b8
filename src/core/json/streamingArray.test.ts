import { describe, expect, it } from 'vitest';
import { StreamingArrayParser } from './streamingArray';

/** Pushes `text` in pieces of `size` characters, parsing in batches of `batch` characters. */
function stream(text: string, size: number, batch: number) {
  const parser = new StreamingArrayParser(batch);
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  return parser.finish();
}

/** What JSON.parse says: the array, or undefined for anything else (including invalid JSON). */
function expected(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function expectSameAsJsonParse(text: string): void {
  for (const size of [1, 2, 3, 7, 64, text.length || 1]) {
    for (const batch of [1, 5, 1 << 20]) {
      const result = stream(text, size, batch);
      expect(result.text).toBe(text);
      expect(result.array, `pieces of ${size}, batches of ${batch}: ${text.slice(0, 80)}`).toEqual(expected(text));
    }
  }
}

const fixtures = import.meta.glob<string>('../../../fixtures/**/*.{json,jsonl}', { query: '?raw', import: 'default', eager: true });

describe('StreamingArrayParser', () => {
  it('reads arrays exactly as JSON.parse does, however the text is cut', () => {
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
    for (const text of texts) expectSameAsJsonParse(text);
  });

  it('gives no array for invalid JSON or anything but one array, so the caller parses as before', () => {
    const texts = [
      '',
      '   ',
      '{"messages": []}',
      '"text"',
      '[1,]',
      '[1,,2]',
      '[,1]',
      '[1, ,2]',
      '[1}',
      '[{"a":1]}',
      '[1] [2]',
      '[1]\n[2]\n',
      '[1] x',
      '[1',
      '["unclosed]',
      '[{"a":1}\n{"a":2}]',
      '\uFEFF[1]',
      '{"a":1}\n{"a":2}\n',
    ];
    for (const text of texts) expectSameAsJsonParse(text);
  });

  it('reads every fixture history as JSON.parse does', () => {
    expect(Object.keys(fixtures).length).toBeGreaterThan(50);
    for (const [file, text] of Object.entries(fixtures)) {
      for (const [size, batch] of [
        [1, 16],
        [97, 1],
        [4096, 256],
      ] as const) {
        expect(stream(text, size, batch).array, file).toEqual(expected(text));
      }
    }
  });

  it('parses in batches while text arrives, not all at the end', () => {
    const element = JSON.stringify({ type: 'tool', data: { content: 'x'.repeat(100) } });
    const text = `[${Array.from({ length: 100 }, () => element).join(',')}]`;
    const parser = new StreamingArrayParser(1000);
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
    expect(parser.finish().array).toHaveLength(100);
  });
});

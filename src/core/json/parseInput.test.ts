import { describe, expect, it } from 'vitest';
import invalidFixture from '../../../fixtures/invalid.json?raw';
import historyJsonl from '../../../fixtures/history.jsonl?raw';
import { parseInput } from './parseInput';

describe('parseInput', () => {
  it('parses one JSON document', () => {
    expect(parseInput('{"messages": []}')).toEqual({ ok: true, input: { value: { messages: [] }, jsonLines: false, lineOf: [] } });
  });

  it('strips a byte order mark', () => {
    expect(parseInput('\uFEFF[1]')).toEqual({ ok: true, input: { value: [1], jsonLines: false, lineOf: [] } });
  });

  it('rejects empty input clearly', () => {
    for (const text of ['', '  \n\t', '\uFEFF']) {
      expect(parseInput(text)).toEqual({
        ok: false,
        error: { message: 'The input is empty: paste or load a JSON or JSON Lines message history.' },
      });
    }
  });

  it('reports invalid JSON with exact line, column and a snippet', () => {
    const result = parseInput(invalidFixture);
    expect(result).toEqual({
      ok: false,
      error: {
        message: "Invalid JSON at line 3, column 42: expected ',' or '}' after a property value",
        line: 3,
        column: 42,
        snippet: [
          '1 | {"messages": [',
          '2 |   {"type": "human", "data": {"content": "What is 2+2?"}},',
          '3 |   {"type": "ai", "data": {"content": "4" "id": "ai_1"}}',
          '  |                                          ^',
        ].join('\n'),
      },
    });
  });

  it('reads JSON Lines, skipping blank lines and remembering each line number', () => {
    const result = parseInput('{"a": 1}\r\n\n  {"b": 2}\n');
    expect(result).toEqual({
      ok: true,
      input: { value: [{ a: 1 }, { b: 2 }], jsonLines: true, lineOf: [1, 3], lineErrors: new Map() },
    });
  });

  it('keeps a bad JSON Lines line as its text, with the reason', () => {
    const result = parseInput(historyJsonl);
    if (!result.ok) throw new Error(result.error.message);
    const { value, lineOf, lineErrors } = result.input;
    expect(lineOf).toEqual([1, 2, 4, 5, 6]);
    expect(Array.isArray(value) && typeof value[3]).toBe('string');
    const badLine = historyJsonl.split('\n')[4] ?? '';
    expect(lineErrors).toEqual(
      new Map([[3, `line 5: invalid JSON at column ${badLine.length + 1}: unexpected end of input: expected ',' or '}' after a property value`]]),
    );
  });

  it('is not JSON Lines when the first line does not parse on its own', () => {
    const result = parseInput('[\n  {"a": 1}\n  {"b": 2}\n]');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toBe("Invalid JSON at line 3, column 3: expected ',' or ']' after an array element");
  });

  it('is not JSON Lines for a single line', () => {
    const result = parseInput('{"a": 1} x');
    expect(!result.ok && result.error).toMatchObject({ line: 1, column: 10 });
  });
});

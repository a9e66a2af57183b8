import { describe, expect, it } from 'vitest';
import { findJsonError, lineColumnAt, snippetAt } from './jsonError';

/** The error as "line:column message", for compact expectations. */
function at(text: string): string | undefined {
  const found = findJsonError(text);
  if (!found) return undefined;
  const { line, column } = lineColumnAt(text, found.offset);
  return `${line}:${column} ${found.message}`;
}

describe('findJsonError', () => {
  it('accepts everything JSON.parse accepts', () => {
    for (const text of ['0', '-1.5e+3', ' "a\\"b\\\\\\u00e9" ', 'true', 'null', '[]', '{}', '[1, [2, {"a": [false]}]]', '{"a": {"b": []}, "c": ""}\n']) {
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(findJsonError(text)).toBeUndefined();
    }
  });

  it('finds the first offending character with a message that says what was expected', () => {
    expect(at('{"a": 1 "b": 2}')).toBe("1:9 expected ',' or '}' after a property value");
    expect(at('[1 2]')).toBe("1:4 expected ',' or ']' after an array element");
    expect(at('{"a" 1}')).toBe("1:6 expected ':' after a property name");
    expect(at('{a: 1}')).toBe('1:2 expected a property name in double quotes');
    expect(at('[1,]')).toBe("1:4 expected a value after ',' (trailing commas are not allowed)");
    expect(at('{"a": 1,}')).toBe("1:9 expected a property name after ',' (trailing commas are not allowed)");
    expect(at("{'a': 1}")).toBe('1:2 expected a property name in double quotes (JSON does not allow single quotes)');
    expect(at("['a']")).toBe('1:2 expected a value (JSON strings use double quotes, not single quotes)');
    expect(at('[None]')).toBe("1:2 expected a value, found Python's None (JSON writes null)");
    expect(at('{} {}')).toBe('1:4 unexpected content after the end of the JSON value');
    expect(at('[01]')).toBe("1:3 expected ',' or ']' after an array element");
    expect(at('[1.]')).toBe("1:4 invalid number: expected a digit after '.'");
    expect(at('[1e]')).toBe('1:4 invalid number: expected a digit in the exponent');
    expect(at('[-]')).toBe('1:3 invalid number: expected a digit');
    expect(at('["a\\x"]')).toBe('1:4 invalid escape sequence in string');
    expect(at('["\\u12"]')).toBe('1:3 invalid \\u escape: expected 4 hex digits');
  });

  it('names a pasted Python repr', () => {
    expect(at("[HumanMessage(content='hi')]")).toBe(
      '1:2 expected a value, found `HumanMessage` (this looks like Python repr() output; export with messages_to_dict() or dumpd() for JSON)',
    );
    expect(at('[constructor]')).toBe('1:2 expected a value, found `constructor`');
  });

  it('reports an early end at the end of the text', () => {
    expect(at('{"a": [1, 2')).toBe("1:12 unexpected end of input: expected ',' or ']' after an array element");
    expect(at('{"a":')).toBe('1:6 unexpected end of input: expected a value');
    expect(at('{')).toBe("1:2 unexpected end of input: expected a property name or '}'");
    expect(at('[\n')).toBe("2:1 unexpected end of input: expected a value or ']'");
  });

  it('reports a string broken across lines where it breaks, and an unclosed one where it opens', () => {
    expect(at('{"a": "one\ntwo"}')).toBe('1:11 unescaped line break in string (a string must close on its own line)');
    expect(at('["abc')).toBe('1:2 unterminated string: no closing double quote');
  });

  it('counts lines by \\n and columns in UTF-16 code units, after multi-byte text', () => {
    // '你' is one code unit, '😀' two.
    expect(at('{\r\n  "你好😀": 1 x}')).toBe("2:13 expected ',' or '}' after a property value");
  });
});

describe('snippetAt', () => {
  it('shows up to two lines before and a caret under the column', () => {
    const text = '{\n  "a": 1,\n  "b": 2\n  "c": 3\n}';
    expect(snippetAt(text, text.indexOf('"c"'))).toBe(['2 |   "a": 1,', '3 |   "b": 2', '4 |   "c": 3', '  |   ^'].join('\n'));
    expect(snippetAt('[1 2]', 3)).toBe(['1 | [1 2]', '  |    ^'].join('\n'));
  });

  it('keeps tabs in the caret line so it lines up', () => {
    expect(snippetAt('[\t\t1 2]', 5)).toBe(['1 | [\t\t1 2]', '  |  \t\t  ^'].join('\n'));
  });

  it('cuts long lines around the column', () => {
    const line = `[${'1,'.repeat(200)} x]`;
    const [shown, caret] = snippetAt(line, line.indexOf('x')).split('\n');
    expect(shown?.startsWith('1 | …')).toBe(true);
    expect(shown?.length).toBeLessThan(100);
    expect(shown?.[caret?.indexOf('^') ?? -1]).toBe('x');
  });
});

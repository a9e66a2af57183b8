import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../json/depth';
import { parsePythonAt, parsePythonKeywords, parsePythonValues, PythonSyntaxError, pythonValue, type PyNode } from './pythonLiteral';

/** The plain value of the one value in `text`. */
function py(text: string): unknown {
  const nodes = parsePythonValues(text);
  expect(nodes).toHaveLength(1);
  return pythonValue(nodes[0] as PyNode, text);
}

function syntaxError(run: () => unknown): PythonSyntaxError {
  try {
    run();
  } catch (error) {
    if (error instanceof PythonSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a PythonSyntaxError');
}

describe('pythonLiteral strings', () => {
  it('reads both quotes and the escapes repr() writes', () => {
    expect(py(`'it\\'s'`)).toBe("it's");
    expect(py(`"it's"`)).toBe("it's");
    expect(py(`'say "hi"'`)).toBe('say "hi"');
    expect(py(`'a\\nb\\tc\\\\d\\re'`)).toBe('a\nb\tc\\d\re');
    expect(py(`'\\x41\\xe9\\u4f60\\U0001F600'`)).toBe('Aé你😀');
    expect(py(`'\\0\\101\\a\\b\\f\\v'`)).toBe('\0A\x07\b\f\v');
    expect(py(`"\\'\\""`)).toBe(`'"`);
  });

  it('keeps unknown escapes and \\N{...} as written, as Python does', () => {
    expect(py(`'C:\\d\\N{BULLET}'`)).toBe('C:\\d\\N{BULLET}');
  });

  it('reads raw, bytes and unicode prefixes', () => {
    expect(py(`r'C:\\new\\table'`)).toBe('C:\\new\\table');
    expect(py(`r'a\\'b'`)).toBe("a\\'b");
    expect(py(`b'\\x00ab\\u00e9'`)).toBe('\0ab\\u00e9');
    expect(py(`rb'\\x00'`)).toBe('\\x00');
    expect(py(`u'caf\\xe9'`)).toBe('café');
  });

  it('reads triple-quoted strings across lines', () => {
    expect(py(`'''one\n'two'\nthree'''`)).toBe("one\n'two'\nthree");
    expect(py(`"""a""b"""`)).toBe('a""b');
  });

  it('concatenates adjacent strings, as pprint splits them inside parentheses', () => {
    expect(py(`('Hello, '\n 'world' "!")`)).toBe('Hello, world!');
    expect(py(`['a' 'b', 'c']`)).toEqual(['ab', 'c']);
  });
});

describe('pythonLiteral values', () => {
  it('reads None, True, False and numbers', () => {
    expect(py('[None, True, False, 0, -12, 3.5, -1e-3, 1_000, 0x1F, 0o17, 0b101, .5, 2.]')).toEqual([
      null,
      true,
      false,
      0,
      -12,
      3.5,
      -0.001,
      1000,
      31,
      15,
      5,
      0.5,
      2,
    ]);
  });

  it('keeps inf and nan as string markers and a complex number as its text', () => {
    expect(py('[inf, -inf, nan, 1j, (1+2j)]')).toEqual(['inf', '-inf', 'nan', '1j', '1+2j']);
  });

  it('reads lists, tuples, sets and dicts, with trailing commas', () => {
    expect(py("[(1,), (), (1, 2,), {1, 2}, {}, {'a': [1, {'b': None}],}, set()]")).toEqual([[1], [], [1, 2], [1, 2], {}, { a: [1, { b: null }] }, []]);
  });

  it('spells non-string dict keys as Python does', () => {
    expect(py("{1: 'a', None: 'b', True: 'c', (1, 2): 'd'}")).toEqual({ 1: 'a', None: 'b', True: 'c', '(1, 2)': 'd' });
  });

  it('makes `__proto__` an ordinary key', () => {
    const value = py("{'__proto__': {'polluted': 1}}");
    expect(Object.keys(value as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('turns keyword calls into {__class__, ...kwargs}', () => {
    expect(py("ToolMessage(content='foo', tool_call_id='1', artifact={'bar': {'baz': 123}})")).toEqual({
      __class__: 'ToolMessage',
      content: 'foo',
      tool_call_id: '1',
      artifact: { bar: { baz: 123 } },
    });
    expect(py('Point(1, y=2)')).toEqual({ __class__: 'Point', __args__: [1], y: 2 });
    expect(py('Empty()')).toEqual({ __class__: 'Empty' });
    expect(py('Model[NoneType](content=None)')).toEqual({ __class__: 'Model[NoneType]', content: null });
  });

  it('keeps what is not a literal as its source text', () => {
    const text =
      "{'at': datetime.datetime(2025, 1, 1, 0, 0, tzinfo=datetime.timezone.utc), 'o': <object object at 0x7f3a>, 'u': UUID('8c1f'), 'e': <Role.USER: 'user'>, 'r': [...], 'x': obj.attr, 'n': NOT_GIVEN, 'd': {…}}";
    expect(py(text)).toEqual({
      at: 'datetime.datetime(2025, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)',
      o: '<object object at 0x7f3a>',
      u: "UUID('8c1f')",
      e: "<Role.USER: 'user'>",
      r: ['...'],
      x: 'obj.attr',
      n: 'NOT_GIVEN',
      d: ['…'],
    });
  });

  it('can keep positional-only calls as objects when asked', () => {
    const text = "HumanMessage('hi')";
    const [node] = parsePythonValues(text);
    expect(pythonValue(node as PyNode, text)).toBe("HumanMessage('hi')");
    expect(pythonValue(node as PyNode, text, { keepCall: (name) => name.endsWith('Message') })).toEqual({
      __class__: 'HumanMessage',
      __args__: ['hi'],
    });
  });

  it('records where each node starts and ends', () => {
    const text = "[A(x=1),\n  B(y='2')]";
    const [list] = parsePythonValues(text);
    if (list?.kind !== 'list') throw new Error('expected a list');
    expect(list.items.map((item) => text.slice(item.start, item.end))).toEqual(['A(x=1)', "B(y='2')"]);
  });

  it('reads values one per line and a value at an offset', () => {
    const text = "A(x=1)\n\n{'k': B(y=2)}  \n";
    expect(parsePythonValues(text).map((node) => pythonValue(node, text))).toEqual([{ __class__: 'A', x: 1 }, { k: { __class__: 'B', y: 2 } }]);
    expect(parsePythonAt(text, 14)).toMatchObject({ kind: 'call', name: 'B', start: 14, end: 20 });
  });

  it('reads the space-separated keywords of pydantic str()', () => {
    const run = parsePythonKeywords("content='foo' tool_call_id='1' artifact={'bar': {'baz': 123}}");
    expect(run.error).toBeUndefined();
    expect(run.entries.map((entry) => [entry.key, entry.start, pythonValue(entry.value, '')])).toEqual([
      ['content', 0, 'foo'],
      ['tool_call_id', 14, '1'],
      ['artifact', 31, { bar: { baz: 123 } }],
    ]);
  });
});

describe('pythonLiteral errors name line and column', () => {
  const cases: [string, string][] = [
    ["[A(content='hi)]", "line 1, column 12: unterminated string: no closing '"],
    ["[A(content='hi\n')]", "line 1, column 12: unterminated string: the line ends before the closing '"],
    ["A(content='''never", "line 1, column 11: unterminated string: no closing '''"],
    ['[1,\n 2', "line 2, column 3: unexpected end of input: '[' opened at line 1, column 1 is never closed"],
    ['[A(x=1]', "line 1, column 7: expected ',' or ')' to close '(' opened at line 1, column 3"],
    ["{'a': 1 'b': 2}", "line 1, column 9: expected ',' or '}' to close '{' opened at line 1, column 1"],
    ["{'a': 1, 'b'}", "line 1, column 13: expected ':' after a dict key (the dict opened at line 1, column 1)"],
    ["['\\x4']", 'line 1, column 3: invalid \\x escape: expected 2 hex digits'],
    ["'\\U00110000'", 'line 1, column 2: invalid \\U escape: expected 8 hex digits naming a code point up to 10FFFF'],
    ['[1,,2]', 'line 1, column 4: expected a value'],
    ['>>> print(x)', 'line 1, column 1: expected a Python value such as `[...]`, `{...}` or `AIMessage(...)`'],
    ['A(x=1) B(y=2)', 'line 1, column 8: expected a line break after the value'],
  ];
  it.each(cases)('%s', (text, message) => {
    expect(syntaxError(() => parsePythonValues(text)).message).toBe(message);
  });

  it('gives line and column as fields', () => {
    expect(syntaxError(() => parsePythonValues("[\n  'a',\n  'b\n]"))).toMatchObject({ line: 3, column: 3, offset: 11 });
  });

  it('keeps nesting deeper than MAX_DEPTH as its text, and refuses it unclosed', () => {
    const deep = `[${'['.repeat(5000)}'x'${']'.repeat(5000)}]`;
    let value: unknown = py(deep);
    for (let level = 1; level < MAX_DEPTH; level++) value = (value as unknown[])[0];
    expect(value).toEqual([deep.slice(MAX_DEPTH, -MAX_DEPTH)]);
    const called = `${'A(x='.repeat(300)}1${')'.repeat(300)}`;
    expect(JSON.stringify(py(called))).toContain(`"x":"${'A(x='.repeat(300 - MAX_DEPTH)}1${')'.repeat(300 - MAX_DEPTH)}"`);
    expect(syntaxError(() => parsePythonValues('['.repeat(5000))).message).toBe(
      "line 1, column 5001: unexpected end of input: '[' opened at line 1, column 257 is never closed",
    );
  });

  it('returns the keywords read before broken text', () => {
    const run = parsePythonKeywords("content='a' id='b' status='err");
    expect(run.entries.map((entry) => entry.key)).toEqual(['content', 'id']);
    expect(run.error?.message).toBe("line 1, column 27: unterminated string: no closing '");
  });
});

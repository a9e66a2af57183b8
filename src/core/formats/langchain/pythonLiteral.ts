// The Python literals `repr()` prints, parsed into a small syntax tree that keeps every node's source
// span. Grammar: Python language reference, "Lexical analysis" (string and bytes literals with their
// escape sequences and r/b/u prefixes, implicit concatenation, numeric literals) and pydantic's
// `__repr__` (`Name(field=value, ...)`), which is what LangChain messages print as.
//
// Pasted reprs hold things that are not literals (`datetime.datetime(...)`, `<object at 0x...>`,
// `UUID('...')`, `...`); inside a container they become an `unknown` node whose value is its source
// text, so only broken structure (an unterminated string, a bracket never closed) is an error.
import { countNestedCut, MAX_DEPTH } from '../../json/depth';
import { lineColumnAt } from '../../json/jsonError';
import type { Position } from '../../json/locate';
import { textPositions } from '../common/textPosition';
import { setField } from '../../json/value';

export interface Span {
  start: number;
  /** Offset just past the node's last character. */
  end: number;
}

export type PyNode = Span &
  (
    | { kind: 'scalar'; value: null | boolean | number | string }
    /** A list, tuple or set. */
    | { kind: 'list'; items: PyNode[] }
    | { kind: 'dict'; entries: [PyNode, PyNode][] }
    | { kind: 'call'; name: string; args: PyNode[]; kwargs: [string, PyNode][] }
    /** Not a literal; its value is its source text. */
    | { kind: 'unknown' }
  );

export class PythonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(
    readonly reason: string,
    readonly offset: number,
    text: string,
    positionOf: (offset: number) => Position = (at) => lineColumnAt(text, at),
  ) {
    super(reason);
    const { line, column } = positionOf(offset);
    this.line = line;
    this.column = column;
    this.message = `line ${line}, column ${column}: ${reason}`;
  }
}

/**
 * What the parses of one text learn, for later parses of the same text to reuse: where each bracket a scan
 * passed closes, and the calls that failed. Recovering a broken paste parses again from every message start,
 * nested ones included, and each of those parses would otherwise read on to the same far break.
 */
export interface PythonMemo {
  /** The offset of the bracket closing the one at the key, or -1 when none does (unclosed, or closed by the wrong one). */
  readonly closes: Map<number, number>;
  /** The error a scan for the closing bracket met (an unterminated string). */
  readonly closeErrors: Map<number, PythonSyntaxError>;
  /** The error parsing the call that starts at the key (its name) threw. */
  readonly failedCalls: Map<number, PythonSyntaxError>;
  /** Line and column of an offset, from the line starts found once: each error names its place, and counting lines for each is quadratic in a text of many broken messages. */
  positionOf?: (offset: number) => Position;
}

export const pythonMemo = (): PythonMemo => ({ closes: new Map(), closeErrors: new Map(), failedCalls: new Map() });

/** Values one after another, each starting on its own line (several `print()` outputs pasted together). */
export function parsePythonValues(text: string, memo?: PythonMemo): PyNode[] {
  const parser: Parser = new Parser(text, memo);
  const nodes: PyNode[] = [];
  parser.skipSpace();
  while (parser.pos < text.length) {
    nodes.push(parser.topValue());
    parser.endOfLine();
    parser.skipSpace();
  }
  return nodes;
}

/** The one value that starts at `offset`; the node's `end` says where it stopped. */
export function parsePythonAt(text: string, offset: number, memo?: PythonMemo): PyNode {
  const parser: Parser = new Parser(text, memo);
  parser.pos = offset;
  return parser.topValue();
}

export interface KeywordRun {
  entries: { key: string; start: number; value: PyNode }[];
  /** Set when the run stopped at broken text; the entries are those read before it. */
  error?: PythonSyntaxError;
  /** Where the entry that could not be read starts. */
  brokenAt?: number;
}

/** `key=value key=value ...`, the space-separated form pydantic's `__str__` prints. */
export function parsePythonKeywords(text: string): KeywordRun {
  const parser: Parser = new Parser(text);
  const entries: KeywordRun['entries'] = [];
  parser.skipSpace();
  let start = parser.pos;
  try {
    while (parser.pos < text.length) {
      start = parser.pos;
      const key = parser.keyword();
      if (key === undefined) parser.fail('expected `name=value`');
      parser.skipSpace();
      entries.push({ key, start, value: parser.value(true) });
      parser.skipSpace();
    }
    return { entries };
  } catch (error) {
    if (error instanceof PythonSyntaxError) return { entries, error, brokenAt: start };
    throw error;
  }
}

export interface ValueOptions {
  /** Whether a call becomes `{__class__, ...kwargs}`; by default only plain names called with keywords (or nothing) do. */
  keepCall?: (name: string) => boolean;
}

/**
 * The node as plain data: calls become `{__class__: name, ...kwargs}` (positional arguments under
 * `__args__`), tuples and sets become arrays, dict keys become strings, and what is not a literal
 * becomes its source text. `inf` and `nan` stay the strings `inf`, `-inf` and `nan`.
 */
export function pythonValue(node: PyNode, text: string, options: ValueOptions = {}): unknown {
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'unknown':
      return text.slice(node.start, node.end);
    case 'list':
      return node.items.map((item) => pythonValue(item, text, options));
    case 'dict': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of node.entries) setField(out, keyText(key, text), pythonValue(value, text, options));
      return out;
    }
    case 'call': {
      if ((node.name === 'set' || node.name === 'frozenset') && node.args.length === 0 && node.kwargs.length === 0) return [];
      const plain = /^[a-z_]\w*(?:\[.*\])?$/is.test(node.name);
      const keep = options.keepCall?.(node.name) ?? false;
      if (!keep && !(plain && (node.kwargs.length > 0 || node.args.length === 0))) return text.slice(node.start, node.end);
      const out: Record<string, unknown> = { __class__: node.name };
      if (node.args.length > 0) out.__args__ = node.args.map((arg) => pythonValue(arg, text, options));
      for (const [key, value] of node.kwargs) setField(out, key, pythonValue(value, text, options));
      return out;
    }
  }
}

/** Dict keys may be any hashable; JSON keys are strings, so keys are spelled as Python would. */
function keyText(key: PyNode, text: string): string {
  if (key.kind !== 'scalar') return text.slice(key.start, key.end);
  if (key.value === null) return 'None';
  if (typeof key.value === 'boolean') return key.value ? 'True' : 'False';
  return String(key.value);
}

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
/** What may follow a value inside a container. */
const AFTER_VALUE = new Set([',', ')', ']', '}', ':']);
const NUMBER = /[+-]?(?:0x[\da-f_]+|0o[0-7_]+|0b[01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:e[+-]?\d[\d_]*)?)j?/iy;
const NAME = /[a-z_]\w*(?:\.[a-z_]\w*)*/iy;
const KEYWORD = /([a-z_]\w*)\s*=(?!=)/iy;
const QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

const STRING_PREFIXES = new Set(['r', 'b', 'u', 'f', 'rb', 'br', 'rf', 'fr']);

function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

class Parser {
  pos = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly memo: PythonMemo = pythonMemo(),
  ) {}

  fail(reason: string, offset = this.pos): never {
    throw new PythonSyntaxError(reason, offset, this.text, this.positionOf);
  }

  private readonly positionOf = (offset: number): Position => (this.memo.positionOf ??= textPositions(this.text))(offset);

  private where(offset: number): string {
    const { line, column } = this.positionOf(offset);
    return `line ${line}, column ${column}`;
  }

  skipSpace(): void {
    const text = this.text;
    for (let c = text.charCodeAt(this.pos); c === 0x20 || (c >= 0x09 && c <= 0x0d); c = text.charCodeAt(this.pos)) this.pos++;
  }

  /** Top-level values sit on their own lines: only spaces may follow one on its line. */
  endOfLine(): void {
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t' || this.text[this.pos] === '\r') this.pos++;
    if (this.pos < this.text.length && this.text[this.pos] !== '\n') this.fail('expected a line break after the value');
  }

  /** A value outside any container: nothing tells where unknown text would end, so it must be a literal. */
  topValue(): PyNode {
    const node = this.primary();
    if (node === undefined) this.fail('expected a Python value such as `[...]`, `{...}` or `AIMessage(...)`');
    return node;
  }

  /** `name=` of a keyword argument, consumed; undefined (nothing consumed) when there is none. */
  keyword(): string | undefined {
    KEYWORD.lastIndex = this.pos;
    const match = KEYWORD.exec(this.text);
    if (!match) return undefined;
    this.pos = KEYWORD.lastIndex;
    return match[1];
  }

  /**
   * A value inside a container or argument list; what is not a literal becomes an `unknown` node.
   * In a keyword run the next `name=` may follow a value directly.
   */
  value(keywordRun = false): PyNode {
    const start = this.pos;
    const c = this.text[start];
    if (c === undefined) this.fail('unexpected end of input: expected a value');
    if (AFTER_VALUE.has(c)) this.fail('expected a value');
    const node = this.primary();
    if (node === undefined) return this.unknown(start);
    const afterNode = this.pos;
    this.skipSpace();
    const next = this.text[this.pos];
    const fits = next === undefined || AFTER_VALUE.has(next) || (keywordRun && isNameStart(next));
    // `x + 1j`, `obj.attr`, `Foo[int]`...: an expression, kept as its text. A string here is a missing comma.
    // The scan for the expression's end starts after a container already read: from its start, it would read
    // the container again at each level of a nest of such expressions.
    if (!fits && this.stringAt(this.pos) === undefined) return this.unknown(start, node.kind === 'scalar' || node.kind === 'unknown' ? start : afterNode);
    this.pos = afterNode;
    return node;
  }

  private primary(): PyNode | undefined {
    const text = this.text;
    const start = this.pos;
    const c = text[start] ?? '';
    if (this.stringAt(start) !== undefined) return this.strings();
    if ((c === '[' || c === '(' || c === '{') && this.depth >= MAX_DEPTH) return this.tooDeep(start, start);
    if (c === '[') return this.sequence(']', start);
    if (c === '(') return this.paren();
    if (c === '{') return this.brace();
    if (c === '<') return this.angle();
    if (text.startsWith('...', start)) {
      this.pos += 3;
      return { kind: 'unknown', start, end: this.pos };
    }
    if ((c === '-' || c === '+') && /^(?:inf|nan)\b/.test(text.slice(start + 1, start + 5))) {
      this.pos += 4;
      return { kind: 'scalar', value: c === '-' && text[start + 1] === 'i' ? '-inf' : text.slice(start + 1, start + 4), start, end: this.pos };
    }
    if ((c >= '0' && c <= '9') || c === '.' || c === '+' || c === '-') return this.number();
    if (isNameStart(c)) return this.named();
    return undefined;
  }

  private named(): PyNode | undefined {
    const text = this.text;
    const start = this.pos;
    NAME.lastIndex = start;
    NAME.exec(text);
    let name = text.slice(start, NAME.lastIndex);
    this.pos = NAME.lastIndex;
    if (text[this.pos] === '[') {
      // A generic pydantic model prints as `Model[int](...)`.
      const close = this.matching(this.pos);
      if (close === undefined || text[close + 1] !== '(') {
        this.pos = start;
        return undefined;
      }
      name = text.slice(start, close + 1);
      this.pos = close + 1;
    }
    const failed = this.memo.failedCalls.get(start);
    if (failed !== undefined && text[this.pos] === '(') throw failed;
    if (text[this.pos] === '(') return this.depth >= MAX_DEPTH ? this.tooDeep(start, this.pos) : this.call(name, start);
    const end = this.pos;
    if (name === 'None') return { kind: 'scalar', value: null, start, end };
    if (name === 'True' || name === 'False') return { kind: 'scalar', value: name === 'True', start, end };
    if (name === 'inf' || name === 'nan') return { kind: 'scalar', value: name, start, end };
    return { kind: 'unknown', start, end };
  }

  private number(): PyNode | undefined {
    const start = this.pos;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(this.text);
    if (!match) return undefined;
    this.pos = NUMBER.lastIndex;
    const source = match[0];
    // A complex number has no JSON counterpart: keep its text.
    if (/j$/i.test(source)) return { kind: 'unknown', start, end: this.pos };
    if (!/[_xob]/i.test(source)) return { kind: 'scalar', value: Number(source), start, end: this.pos };
    const clean = source.replace(/_/g, '');
    const sign = clean.startsWith('-') ? -1 : 1;
    const digits = clean.replace(/^[+-]/, '');
    const base = /^0x/i.test(digits) ? 16 : /^0o/i.test(digits) ? 8 : /^0b/i.test(digits) ? 2 : 10;
    const value = base === 10 ? Number(clean) : sign * parseInt(digits.slice(2), base);
    return { kind: 'scalar', value, start, end: this.pos };
  }

  /** A container opens at `opener`; primary and named keep it from nesting deeper than MAX_DEPTH. */
  private enter(opener: number): void {
    if (++this.depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} levels deep`, opener);
  }

  /**
   * A container nested MAX_DEPTH levels deep, from `start` (its name, for a call) to the bracket closing `opener`:
   * kept as its text, as anything that is not a literal is (json/depth), and counted for the importer's note.
   */
  private tooDeep(start: number, opener: number): PyNode {
    const close = this.matching(opener);
    if (close === undefined)
      this.fail(`unexpected end of input: '${this.text[opener] ?? ''}' opened at ${this.where(opener)} is never closed`, this.text.length);
    this.pos = close + 1;
    countNestedCut();
    return { kind: 'unknown', start, end: this.pos };
  }

  /** Elements up to `close`, after the opener (and after `first` when the caller read it); a trailing comma is allowed. */
  private items(close: string, opener: number, first?: PyNode): PyNode[] {
    const items: PyNode[] = [];
    if (first !== undefined) {
      items.push(first);
    } else {
      this.skipSpace();
      if (this.text[this.pos] !== close) items.push(this.value());
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === close) break;
      this.expect(',', close, opener);
      this.skipSpace();
      if (this.text[this.pos] === close) break;
      items.push(this.value());
    }
    this.pos++;
    return items;
  }

  private expect(separator: string, close: string, opener: number): void {
    if (this.text[this.pos] === separator) {
      this.pos++;
      return;
    }
    const what = `'${this.text[opener] ?? ''}' opened at ${this.where(opener)}`;
    if (this.pos >= this.text.length) this.fail(`unexpected end of input: ${what} is never closed`);
    this.fail(`expected '${separator}' or '${close}' to close ${what}`);
  }

  private sequence(close: string, start: number): PyNode {
    this.enter(start);
    this.pos++;
    const items = this.items(close, start);
    this.depth--;
    return { kind: 'list', items, start, end: this.pos };
  }

  /** `()` is an empty tuple, `(x,)` a tuple, `(x)` just x (pprint wraps long strings that way). */
  private paren(): PyNode {
    const start = this.pos;
    this.enter(start);
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ')') {
      this.pos++;
      this.depth--;
      return { kind: 'list', items: [], start, end: this.pos };
    }
    const first = this.value();
    this.skipSpace();
    if (this.text[this.pos] === ')') {
      this.pos++;
      this.depth--;
      return first;
    }
    const items = this.items(')', start, first);
    this.depth--;
    return { kind: 'list', items, start, end: this.pos };
  }

  /** `{}` is a dict, `{k: v}` a dict, `{a, b}` a set. */
  private brace(): PyNode {
    const start = this.pos;
    this.enter(start);
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      this.depth--;
      return { kind: 'dict', entries: [], start, end: this.pos };
    }
    const first = this.value();
    this.skipSpace();
    if (this.text[this.pos] !== ':') {
      const items = this.items('}', start, first);
      this.depth--;
      return { kind: 'list', items, start, end: this.pos };
    }
    const entries: [PyNode, PyNode][] = [];
    let key: PyNode | undefined = first;
    for (;;) {
      this.pos++; // the ':'
      this.skipSpace();
      entries.push([key, this.value()]);
      this.skipSpace();
      if (this.text[this.pos] === '}') break;
      this.expect(',', '}', start);
      this.skipSpace();
      if (this.text[this.pos] === '}') break;
      key = this.value();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(`expected ':' after a dict key (the dict opened at ${this.where(start)})`);
    }
    this.pos++;
    this.depth--;
    return { kind: 'dict', entries, start, end: this.pos };
  }

  private call(name: string, start: number): PyNode {
    try {
      return this.callArguments(name, start);
    } catch (error) {
      if (error instanceof PythonSyntaxError) this.memo.failedCalls.set(start, error);
      throw error;
    }
  }

  private callArguments(name: string, start: number): PyNode {
    const opener = this.pos;
    this.enter(opener);
    this.pos++;
    const args: PyNode[] = [];
    const kwargs: [string, PyNode][] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ')') break;
      const key = this.keyword();
      if (key === undefined) {
        args.push(this.value());
      } else {
        this.skipSpace();
        kwargs.push([key, this.value()]);
      }
      this.skipSpace();
      if (this.text[this.pos] === ')') break;
      this.expect(',', ')', opener);
    }
    this.pos++;
    this.depth--;
    return { kind: 'call', name, args, kwargs, start, end: this.pos };
  }

  /** `<object object at 0x...>`, `<Role.USER: 'user'>`: an object without a literal repr. */
  private angle(): PyNode | undefined {
    const start = this.pos;
    let depth = 0;
    for (let i = start; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === '\n') break;
      if (c === '<') depth++;
      if (c === '>' && --depth === 0) {
        this.pos = i + 1;
        return { kind: 'unknown', start, end: this.pos };
      }
    }
    return undefined;
  }

  /** Unknown text from `start` to the next `,` or closing bracket at its own level, looked for from `from`. */
  private unknown(start: number, from = start): PyNode {
    const text = this.text;
    let depth = 0;
    let i = from;
    while (i < text.length) {
      const c = text[i] ?? '';
      if (c === "'" || c === '"') {
        i = this.literal(i).end;
        continue;
      }
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      } else if ((c === ',' || c === ':') && depth === 0) break;
      i++;
    }
    let end = i;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end === start) this.fail('expected a value', start);
    this.pos = end;
    return { kind: 'unknown', start, end };
  }

  /**
   * Offset of the bracket closing the one at `open`, skipping strings; undefined when unclosed. What the scan
   * learns about every bracket it passes is kept (memo), and a bracket already known is stepped over: each
   * bracket of a text is scanned for once, however many parses ask.
   */
  private matching(open: number): number | undefined {
    const { closes, closeErrors } = this.memo;
    const known = closes.get(open);
    if (known !== undefined) return known < 0 ? undefined : known;
    const thrown = closeErrors.get(open);
    if (thrown !== undefined) throw thrown;
    // The brackets still open, innermost last: a bracket that fails fails every one around it.
    const stack: number[] = [];
    const fail = (): undefined => {
      for (const at of stack) closes.set(at, -1);
      return undefined;
    };
    try {
      for (let i = open; i < this.text.length; i++) {
        const c = this.text[i] ?? '';
        if (c === "'" || c === '"') {
          i = this.literal(i).end - 1;
        } else if (CLOSERS[c] !== undefined) {
          const close = i === open ? undefined : closes.get(i);
          const error = i === open ? undefined : closeErrors.get(i);
          if (error !== undefined) throw error;
          if (close === undefined) stack.push(i);
          else if (close < 0) return fail();
          else i = close;
        } else if (c === ')' || c === ']' || c === '}') {
          const at = stack.at(-1) ?? open;
          if (CLOSERS[this.text[at] ?? ''] !== c) return fail();
          stack.pop();
          closes.set(at, i);
          if (stack.length === 0) return i;
        }
      }
    } catch (error) {
      if (error instanceof PythonSyntaxError) for (const at of stack) closeErrors.set(at, error);
      throw error;
    }
    return fail();
  }

  /** Length of the string prefix (r, b, u, f, rb...) and quote at `offset`, when a string literal starts there. */
  private stringAt(offset: number): number | undefined {
    const text = this.text;
    for (let length = 0; length <= 2; length++) {
      const c = text.charCodeAt(offset + length);
      if (c === QUOTE || c === DOUBLE_QUOTE) return length + 1;
      if (!STRING_PREFIXES.has(text.slice(offset, offset + length + 1).toLowerCase())) return undefined;
    }
    return undefined;
  }

  /** Adjacent literals concatenate, as in Python. */
  private strings(): PyNode {
    const start = this.pos;
    let value = '';
    for (;;) {
      const part = this.literal(this.pos);
      value += part.value;
      this.pos = part.end;
      const end = this.pos;
      this.skipSpace();
      if (this.stringAt(this.pos) === undefined) {
        this.pos = end;
        return { kind: 'scalar', value, start, end };
      }
    }
  }

  private literal(start: number): { value: string; end: number } {
    const text = this.text;
    const prefixLength = (this.stringAt(start) ?? 1) - 1;
    const prefix = text.slice(start, start + prefixLength).toLowerCase();
    const raw = prefix.includes('r');
    const bytes = prefix.includes('b');
    const open = start + prefixLength;
    const quoteCode = text.charCodeAt(open);
    const quote = text[open] ?? "'";
    const triple = text.charCodeAt(open + 1) === quoteCode && text.charCodeAt(open + 2) === quoteCode;
    let i = open + (triple ? 3 : 1);
    let value = '';
    let run = i;
    for (;;) {
      if (i >= text.length) this.fail(`unterminated string: no closing ${triple ? quote.repeat(3) : quote}`, open);
      const c = text.charCodeAt(i);
      if (c === BACKSLASH) {
        value += text.slice(run, i);
        if (i + 1 >= text.length) this.fail(`unterminated string: no closing ${quote}`, open);
        if (raw) {
          // A raw string keeps the backslash; it still stops the next quote from closing the string.
          value += text.slice(i, i + 2);
          i += 2;
        } else {
          const escape = this.escape(i, bytes);
          value += escape.value;
          i = escape.end;
        }
        run = i;
        continue;
      }
      if (c === quoteCode && (!triple || (text.charCodeAt(i + 1) === quoteCode && text.charCodeAt(i + 2) === quoteCode))) {
        return { value: value + text.slice(run, i), end: i + (triple ? 3 : 1) };
      }
      if ((c === NEWLINE || c === RETURN) && !triple) this.fail(`unterminated string: the line ends before the closing ${quote}`, open);
      i++;
    }
  }

  private escape(at: number, bytes: boolean): { value: string; end: number } {
    const text = this.text;
    const c = text[at + 1] ?? '';
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return { value: simple, end: at + 2 };
    if (c === '\n') return { value: '', end: at + 2 };
    if (c === '\r') return { value: '', end: text[at + 2] === '\n' ? at + 3 : at + 2 };
    if (c >= '0' && c <= '7') {
      const digits = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4))?.[0] ?? c;
      return { value: String.fromCharCode(parseInt(digits, 8)), end: at + 1 + digits.length };
    }
    const hexLength = c === 'x' ? 2 : bytes ? 0 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const hex = text.slice(at + 2, at + 2 + hexLength);
      const code = parseInt(hex, 16);
      if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(hex) || code > 0x10ffff) {
        this.fail(`invalid \\${c} escape: expected ${hexLength} hex digits${c === 'U' ? ' naming a code point up to 10FFFF' : ''}`, at);
      }
      return { value: String.fromCodePoint(code), end: at + 2 + hexLength };
    }
    // `\N{NAME}` needs Unicode's name table, and Python keeps unknown escapes as written: both stay as text.
    return { value: `\\${c}`, end: at + 2 };
  }
}

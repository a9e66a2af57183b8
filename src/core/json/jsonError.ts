// Finds where and why text is not JSON. Runs only after JSON.parse has failed, so it favours clear
// messages over speed, and it never relies on the wording of the engine's own error.

export interface JsonError {
  /** UTF-16 offset of the first offending character (the text length when the input ended early). */
  offset: number;
  message: string;
}

type State = 'value' | 'arrayFirst' | 'objectFirst' | 'key' | 'colon' | 'after';

const EXPECTED_AT_END: Record<Exclude<State, 'after'>, string> = {
  value: 'expected a value',
  arrayFirst: "expected a value or ']'",
  objectFirst: "expected a property name or '}'",
  key: 'expected a property name',
  colon: "expected ':' after a property name",
};

const AFTER_ELEMENT = "expected ',' or ']' after an array element";
const AFTER_PROPERTY = "expected ',' or '}' after a property value";

// Pasted Python reprs are the most common near-JSON input; naming the literal saves a search.
const PYTHON_LITERALS = new Map([
  ['None', 'null'],
  ['True', 'true'],
  ['False', 'false'],
]);

/** The first error in `text`, or undefined when it is valid JSON. */
export function findJsonError(text: string): JsonError | undefined {
  const stack: ('array' | 'object')[] = [];
  let state: State = 'value';
  let afterComma = false;
  let i = 0;
  for (;;) {
    // Only a comma just before explains a stray ']' or '}' as a trailing comma.
    const commaBefore = afterComma;
    afterComma = false;
    i = skipWhitespace(text, i);
    const top = stack[stack.length - 1];
    if (i >= text.length) {
      if (state === 'after' && top === undefined) return undefined;
      const expected = state === 'after' ? (top === 'array' ? AFTER_ELEMENT : AFTER_PROPERTY) : EXPECTED_AT_END[state];
      return { offset: i, message: `unexpected end of input: ${expected}` };
    }
    const c = text[i];
    switch (state) {
      case 'arrayFirst':
      case 'objectFirst':
        if (c === (state === 'arrayFirst' ? ']' : '}')) {
          stack.pop();
          i++;
          state = 'after';
        } else {
          state = state === 'arrayFirst' ? 'value' : 'key';
        }
        continue;
      case 'key': {
        if (c !== '"') return { offset: i, message: keyError(c, commaBefore) };
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        state = 'colon';
        continue;
      }
      case 'colon':
        if (c !== ':') return { offset: i, message: EXPECTED_AT_END.colon };
        i++;
        state = 'value';
        continue;
      case 'value': {
        if (c === '[' || c === '{') {
          stack.push(c === '[' ? 'array' : 'object');
          state = c === '[' ? 'arrayFirst' : 'objectFirst';
          i++;
          continue;
        }
        const end = scanScalar(text, i, commaBefore);
        if (typeof end !== 'number') return end;
        i = end;
        state = 'after';
        continue;
      }
      case 'after':
        if (top === undefined) return { offset: i, message: 'unexpected content after the end of the JSON value' };
        if (c === ',') {
          afterComma = true;
          state = top === 'array' ? 'value' : 'key';
          i++;
        } else if (c === (top === 'array' ? ']' : '}')) {
          stack.pop();
          i++;
        } else {
          return { offset: i, message: top === 'array' ? AFTER_ELEMENT : AFTER_PROPERTY };
        }
    }
  }
}

function keyError(c: string | undefined, afterComma: boolean): string {
  if (c === '}' && afterComma) return "expected a property name after ',' (trailing commas are not allowed)";
  if (c === "'") return 'expected a property name in double quotes (JSON does not allow single quotes)';
  return 'expected a property name in double quotes';
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length) {
    const c = text[i];
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') break;
    i++;
  }
  return i;
}

/** The offset after a string, number or literal starting at `i`, or the error in it. */
function scanScalar(text: string, i: number, afterComma: boolean): number | JsonError {
  const c = text[i] ?? '';
  if (c === '"') return scanString(text, i);
  if (c === '-' || (c >= '0' && c <= '9')) return scanNumber(text, i);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, i)) return i + literal.length;
  }
  const word = /^[a-z_]\w*/i.exec(text.slice(i, i + 80))?.[0];
  if (word !== undefined) {
    const json = PYTHON_LITERALS.get(word);
    if (json !== undefined) return { offset: i, message: `expected a value, found Python's ${word} (JSON writes ${json})` };
    const repr = text[i + word.length] === '(' ? ' (this looks like Python repr() output; export with messages_to_dict() or dumpd() for JSON)' : '';
    return { offset: i, message: `expected a value, found \`${word}\`${repr}` };
  }
  if ((c === ']' || c === '}') && afterComma) return { offset: i, message: "expected a value after ',' (trailing commas are not allowed)" };
  if (c === "'") return { offset: i, message: 'expected a value (JSON strings use double quotes, not single quotes)' };
  return { offset: i, message: 'expected a value' };
}

function scanString(text: string, start: number): number | JsonError {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code === 0x5c) {
      const escape = text[i + 1];
      if (escape === 'u') {
        if (!/^[\da-f]{4}$/i.test(text.slice(i + 2, i + 6))) return { offset: i, message: 'invalid \\u escape: expected 4 hex digits' };
        i += 5;
      } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
        i++;
      } else {
        return { offset: i, message: 'invalid escape sequence in string' };
      }
    } else if (code < 0x20) {
      const what = code === 0x0a || code === 0x0d ? 'line break' : 'control character';
      return { offset: i, message: `unescaped ${what} in string (a string must close on its own line)` };
    }
  }
  return { offset: start, message: 'unterminated string: no closing double quote' };
}

function scanNumber(text: string, start: number): number | JsonError {
  let i = start;
  if (text[i] === '-') i++;
  if (text[i] === '0') {
    i++;
  } else {
    const digitsEnd = skipDigits(text, i);
    if (digitsEnd === i) return { offset: i, message: 'invalid number: expected a digit' };
    i = digitsEnd;
  }
  if (text[i] === '.') {
    const end = skipDigits(text, i + 1);
    if (end === i + 1) return { offset: end, message: "invalid number: expected a digit after '.'" };
    i = end;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    const end = skipDigits(text, i);
    if (end === i) return { offset: i, message: 'invalid number: expected a digit in the exponent' };
    i = end;
  }
  return i;
}

function skipDigits(text: string, i: number): number {
  for (let code = text.charCodeAt(i); code >= 0x30 && code <= 0x39; code = text.charCodeAt(i)) i++;
  return i;
}

/** 1-based line and column of an offset; columns count UTF-16 code units, lines end at '\n'. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const SNIPPET_WIDTH = 80;
const CONTEXT_LINES = 2;

/** The lines before an offset (up to two), its own line and a caret under it; long lines cut around it. */
export function snippetAt(text: string, offset: number): string {
  const { line, column } = lineColumnAt(text, offset);
  // Walk back from the offset instead of splitting what may be a very large text.
  let first = offset - (column - 1);
  const starts = [first];
  while (starts.length <= CONTEXT_LINES && first > 0) {
    first = text.lastIndexOf('\n', first - 2) + 1;
    starts.unshift(first);
  }
  const lines = starts.map((start) => {
    const end = text.indexOf('\n', start);
    return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  });
  const target = lines[lines.length - 1] ?? '';
  const from = Math.max(0, Math.min(column - 1 - SNIPPET_WIDTH / 2, target.length - SNIPPET_WIDTH));
  const gutter = String(line).length;
  const out = lines.map((shown, i) => `${String(line - lines.length + 1 + i).padStart(gutter)} | ${cut(shown, from)}`);
  // Copy tabs so the caret lines up in any tab width.
  const pad = target.slice(from, column - 1).replace(/[^\t]/g, ' ');
  out.push(`${' '.repeat(gutter)} | ${from > 0 ? ' ' : ''}${pad}^`);
  return out.join('\n');
}

function cut(line: string, from: number): string {
  const head = from > 0 ? '…' : '';
  const tail = line.length > from + SNIPPET_WIDTH ? '…' : '';
  return `${head}${line.slice(from, from + SNIPPET_WIDTH)}${tail}`;
}

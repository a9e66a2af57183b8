// Where each value of a JSON (or JSON Lines) text is, as offsets into the text: what lets a repair splice the
// messages it changes and copy every other byte of the input as it was. Each container is scanned once, when a
// path first goes through it; nothing is parsed (the importer has the values).
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isBlank, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../json/charCodes';

export type Segment = string | number;

/** `[start, end)` of a value in the text. */
export interface Span {
  start: number;
  end: number;
}

/** An object's entry: its key's span (quotes included) and its value's. */
export interface KeyedSpan {
  key: string;
  keySpan: Span;
  value: Span;
}

export class JsonSpans {
  private readonly arrays = new Map<number, Span[]>();
  private readonly objects = new Map<number, KeyedSpan[]>();
  /** JSON Lines: the root is the list of lines, element i on line `lineOf[i]`. */
  private readonly lines: Span[] | undefined;

  constructor(
    readonly text: string,
    jsonLines?: { lineOf: readonly number[] },
  ) {
    this.lines = jsonLines && lineSpans(text, jsonLines.lineOf);
  }

  /** True when the root is JSON Lines: its elements are lines, not the entries of one array. */
  get isLines(): boolean {
    return this.lines !== undefined;
  }

  private rootSpan: Span | null | undefined;

  /** The root value's span (for JSON Lines, from the first line to the end of the last); found once. */
  root(): Span | undefined {
    if (this.rootSpan === undefined) this.rootSpan = this.findRoot() ?? null;
    return this.rootSpan ?? undefined;
  }

  private findRoot(): Span | undefined {
    if (this.lines) {
      const [first] = this.lines;
      const last = this.lines[this.lines.length - 1];
      return first && last ? { start: first.start, end: last.end } : undefined;
    }
    const start = skipBlank(this.text, 0);
    if (start >= this.text.length) return undefined;
    return { start, end: skipValue(this.text, start) };
  }

  /** The span of the value at `path`, undefined when the text has none there. */
  at(path: readonly Segment[]): Span | undefined {
    let span: Span | undefined;
    let rest = path;
    if (this.lines && path.length > 0) {
      const [first] = path;
      span = typeof first === 'number' ? this.lines[first] : undefined;
      rest = path.slice(1);
    } else span = this.root();
    for (const segment of rest) {
      if (!span) return undefined;
      if (typeof segment === 'number') span = this.entries(span)?.[segment];
      else span = this.keyed(span)?.find((entry) => entry.key === segment)?.value;
    }
    return span;
  }

  /** The entries of the array at `span` (for JSON Lines' root, its lines); undefined when it is no array. */
  entries(span: Span): readonly Span[] | undefined {
    if (this.lines && this.isRootSpan(span)) return this.lines;
    if (this.text.charCodeAt(span.start) !== OPEN_BRACKET) return undefined;
    let found = this.arrays.get(span.start);
    if (!found) {
      found = arrayEntries(this.text, span.start);
      this.arrays.set(span.start, found);
    }
    return found;
  }

  /** The entries of the object at `span`; undefined when it is no object. */
  keyed(span: Span): readonly KeyedSpan[] | undefined {
    if (this.text.charCodeAt(span.start) !== OPEN_BRACE) return undefined;
    let found = this.objects.get(span.start);
    if (!found) {
      found = objectEntries(this.text, span.start);
      this.objects.set(span.start, found);
    }
    return found;
  }

  /** What stands between entries of the array at `span` when none can be copied: `,\n` and the first entry's indentation, or `, `. */
  separator(span: Span): string {
    if (this.lines && this.isRootSpan(span)) return this.text.includes('\r\n') ? '\r\n' : '\n';
    const entries = this.entries(span) ?? [];
    const [first, second] = entries;
    if (first && second) return this.text.slice(first.end, second.start);
    if (!first) return ', ';
    const before = this.text.slice(span.start + 1, first.start);
    const newline = before.lastIndexOf('\n');
    return newline === -1 ? ', ' : `,\n${before.slice(newline + 1)}`;
  }

  private isRootSpan(span: Span): boolean {
    const root = this.root();
    return root !== undefined && root.start === span.start && root.end === span.end;
  }

  /** Every string value (not key) inside `span`, with its decoded text. */
  stringValues(span: Span): { span: Span; value: string }[] {
    const out: { span: Span; value: string }[] = [];
    const visit = (at: Span): void => {
      const c = this.text.charCodeAt(at.start);
      if (c === QUOTE) out.push({ span: at, value: decodeString(this.text, at) });
      else if (c === OPEN_BRACKET) for (const entry of this.entries(at) ?? []) visit(entry);
      else if (c === OPEN_BRACE) for (const entry of this.keyed(at) ?? []) visit(entry.value);
    };
    visit(span);
    return out;
  }

  /** Every entry named `key` of the objects inside `span` (itself included), outermost first. */
  entriesNamed(span: Span, key: string): KeyedSpan[] {
    const out: KeyedSpan[] = [];
    const visit = (at: Span): void => {
      const c = this.text.charCodeAt(at.start);
      if (c === OPEN_BRACKET) for (const entry of this.entries(at) ?? []) visit(entry);
      else if (c === OPEN_BRACE)
        for (const entry of this.keyed(at) ?? []) {
          if (entry.key === key) out.push(entry);
          visit(entry.value);
        }
    };
    visit(span);
    return out;
  }

  slice(span: Span): string {
    return this.text.slice(span.start, span.end);
  }
}

function decodeString(text: string, span: Span): string {
  const raw = text.slice(span.start, span.end);
  if (!raw.includes('\\')) return raw.slice(1, -1);
  const value: unknown = JSON.parse(raw);
  return typeof value === 'string' ? value : raw;
}

/** Each JSON Lines element's line, its leading and trailing blanks left out. */
function lineSpans(text: string, lineOf: readonly number[]): Span[] {
  const starts = [0];
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) starts.push(nl + 1);
  return lineOf.map((line) => {
    let start = starts[line - 1] ?? text.length;
    let end = (starts[line] ?? text.length + 1) - 1;
    while (start < end && isBlank(text.charCodeAt(start))) start++;
    while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
    return { start, end };
  });
}

export function skipBlank(text: string, at: number): number {
  let i = at;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** The end of the string starting at `at` (its opening quote), past its closing quote. */
function skipString(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let j = quote - 1; j > at && text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The end of the value starting at `at`. */
export function skipValue(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return skipString(text, at);
  if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
    let i = at;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isBlank(d)) break;
      i++;
    }
    return i;
  }
  // From one structural character to the next by regex, which V8 runs far faster than a loop over the characters.
  const structural = /["[\]{}]/g;
  let depth = 0;
  structural.lastIndex = at;
  for (let found = structural.exec(text); found !== null; found = structural.exec(text)) {
    const d = text.charCodeAt(found.index);
    if (d === QUOTE) structural.lastIndex = skipString(text, found.index);
    else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
    else if (--depth === 0) return found.index + 1;
  }
  return text.length;
}

function arrayEntries(text: string, open: number): Span[] {
  const out: Span[] = [];
  let i = skipBlank(text, open + 1);
  while (i < text.length && text.charCodeAt(i) !== CLOSE_BRACKET) {
    const end = skipValue(text, i);
    out.push({ start: i, end });
    i = skipBlank(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipBlank(text, i + 1);
    else break;
  }
  return out;
}

function objectEntries(text: string, open: number): KeyedSpan[] {
  const out: KeyedSpan[] = [];
  let i = skipBlank(text, open + 1);
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keySpan = { start: i, end: skipString(text, i) };
    i = skipBlank(text, keySpan.end);
    if (text.charCodeAt(i) !== COLON) break;
    const start = skipBlank(text, i + 1);
    const value = { start, end: skipValue(text, start) };
    out.push({ key: decodeString(text, keySpan), keySpan, value });
    i = skipBlank(text, value.end);
    if (text.charCodeAt(i) === COMMA) i = skipBlank(text, i + 1);
    else break;
  }
  return out;
}

/** `a.b[3].c` → `['a', 'b', 3, 'c']` (formatPath's paths; keys are plain identifiers). */
export function parsePath(path: string): Segment[] | undefined {
  const out: Segment[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]|\./gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < path.length && (match = pattern.exec(path)) !== null) {
    if (match[1] !== undefined) out.push(match[1]);
    else if (match[2] !== undefined) out.push(Number(match[2]));
    at = pattern.lastIndex;
  }
  return at === path.length ? out : undefined;
}

// Where each message starts in the input text. Histories reach 60 MB / 100k messages, so this is one
// forward pass over the text that stops once every target is found; nothing is re-scanned per message.
// Columns count UTF-16 code units (JavaScript string offsets), lines end at '\n'.

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './charCodes';

export type PathSegment = string | number;

export interface Position {
  line: number;
  column: number;
}

/** `messages[3]`, `values.messages[0]`, `[3]`; the root is the empty path. Keys are plain identifiers. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  }
  return out;
}

/** The path of a JSON Lines element. */
export function linePath(line: number): string {
  return `line ${line}`;
}

/**
 * Position of the first character of the value at each path (as made by formatPath or linePath);
 * undefined where the path is not in the text. `text` must be the parsed text (BOM already removed).
 */
export function locatePaths(text: string, paths: readonly string[]): (Position | undefined)[] {
  const out: (Position | undefined)[] = new Array<Position | undefined>(paths.length).fill(undefined);
  const trie = new PathTrie();
  const lines: { line: number; target: number }[] = [];
  let pending = 0;
  paths.forEach((path, target) => {
    const line = path.startsWith('line ') ? Number(path.slice(5)) : NaN;
    if (Number.isInteger(line) && line > 0) {
      lines.push({ line, target });
      return;
    }
    const node = trie.nodeFor(path);
    if (!node) return;
    (node.targets ??= []).push(target);
    pending++;
  });
  if (pending > 0) {
    const at = lineCounter(text);
    scan(text, trie.root, pending, (node, offset) => {
      const position = at(offset);
      for (const target of node.targets ?? []) out[target] = position;
    });
  }
  locateLines(text, lines, out);
  return out;
}

interface Node {
  children?: Map<PathSegment, Node>;
  /** Indexes into the caller's path list that name this value. */
  targets?: number[];
}

/** The paths to find, as a tree the scanner walks alongside the JSON. */
class PathTrie {
  readonly root: Node = {};
  // Adapters report `<list path>[i]` for every message: parse each list path once.
  private readonly parents = new Map<string, Node | undefined>();

  nodeFor(path: string): Node | undefined {
    const open = path.endsWith(']') ? path.lastIndexOf('[') : -1;
    const digits = path.slice(open + 1, -1);
    const index = Number(digits);
    if (open === -1 || digits === '' || String(index) !== digits) return this.insert(this.root, parsePath(path));
    const prefix = path.slice(0, open);
    let parent = this.parents.get(prefix);
    if (!this.parents.has(prefix)) {
      parent = this.insert(this.root, parsePath(prefix));
      this.parents.set(prefix, parent);
    }
    return parent && this.insert(parent, [index]);
  }

  private insert(from: Node, segments: PathSegment[] | undefined): Node | undefined {
    if (!segments) return undefined;
    let node = from;
    for (const segment of segments) {
      node.children ??= new Map();
      let child = node.children.get(segment);
      if (!child) {
        child = {};
        node.children.set(segment, child);
      }
      node = child;
    }
    return node;
  }
}

function parsePath(path: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  const pattern = /\[(\d+)\]|\.?([a-z_$][\w$]*)/iy;
  while (pattern.lastIndex < path.length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(path);
    if (!match) return undefined;
    // A key needs its dot except at the start.
    if (match[2] !== undefined && start > 0 && !match[0].startsWith('.')) return undefined;
    segments.push(match[1] !== undefined ? Number(match[1]) : (match[2] ?? ''));
  }
  return segments;
}

/** Converts ascending offsets to positions, counting each newline once over all calls. */
function lineCounter(text: string): (offset: number) => Position {
  let line = 1;
  let lineStart = 0;
  let nextNewline = text.indexOf('\n');
  return (offset) => {
    while (nextNewline !== -1 && nextNewline < offset) {
      line++;
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf('\n', lineStart);
    }
    return { line, column: offset - lineStart + 1 };
  };
}

interface Frame {
  node: Node;
  isArray: boolean;
  index: number;
}

/**
 * Walks the text like a parser but descends only into containers on some target's path; everything
 * else is skipped by bracket counting. Stops at the first thing that is not JSON (it never throws).
 */
function scan(text: string, root: Node, pending: number, found: (node: Node, offset: number) => void): void {
  const stack: Frame[] = [];
  let node: Node | undefined = root;
  let i = skipWhitespace(text, 0);
  while (i < text.length) {
    if (node?.targets) {
      found(node, i);
      pending -= node.targets.length;
      if (pending === 0) return;
    }
    const c = text.charCodeAt(i);
    if (node?.children && (c === OPEN_BRACKET || c === OPEN_BRACE)) {
      const frame: Frame = { node, isArray: c === OPEN_BRACKET, index: 0 };
      stack.push(frame);
      i = skipWhitespace(text, i + 1);
      if (text.charCodeAt(i) !== (frame.isArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
        ({ node, i } = enterElement(text, i, frame));
        continue;
      }
      i++;
      stack.pop();
    } else {
      i = skipValue(text, i);
    }
    // After a value: move to the next element, closing containers that end here.
    node = undefined;
    for (let frame = stack[stack.length - 1]; frame; frame = stack[stack.length - 1]) {
      i = skipWhitespace(text, i);
      if (text.charCodeAt(i) === COMMA) {
        frame.index++;
        ({ node, i } = enterElement(text, skipWhitespace(text, i + 1), frame));
        break;
      }
      if (text.charCodeAt(i) !== (frame.isArray ? CLOSE_BRACKET : CLOSE_BRACE)) return;
      i++;
      stack.pop();
    }
    if (stack.length === 0) return;
  }
}

/** The node of the element starting at `i` and where its value starts (after `"key":` in objects). */
function enterElement(text: string, i: number, frame: Frame): { node: Node | undefined; i: number } {
  if (frame.isArray) return { node: frame.node.children?.get(frame.index), i };
  const end = skipString(text, i);
  const rawKey = text.slice(i + 1, end - 1);
  const key = rawKey.includes('\\') ? decodeKey(text.slice(i, end)) : rawKey;
  const colon = skipWhitespace(text, end);
  if (text.charCodeAt(colon) !== COLON) return { node: undefined, i: text.length };
  return { node: key === undefined ? undefined : frame.node.children?.get(key), i: skipWhitespace(text, colon + 1) };
}

function decodeKey(quoted: string): string | undefined {
  try {
    const key: unknown = JSON.parse(quoted);
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

function skipWhitespace(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(i)) i++;
  return i;
}

/** The offset after the string whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the value starting at `i`; always past at least one character. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === OPEN_BRACKET || c === OPEN_BRACE) {
    let depth = 0;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) {
        i = skipString(text, i);
        continue;
      }
      if (d === OPEN_BRACKET || d === OPEN_BRACE) depth++;
      else if (d === CLOSE_BRACKET || d === CLOSE_BRACE) depth--;
      i++;
      if (depth === 0) return i;
    }
    return i;
  }
  // A number or literal runs to the next delimiter or whitespace.
  let j = i + 1;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === COMMA || d === CLOSE_BRACKET || d === CLOSE_BRACE || d <= 0x20) break;
    j++;
  }
  return j;
}

/** JSON Lines: each target is the first non-blank character of its line. */
function locateLines(text: string, targets: { line: number; target: number }[], out: (Position | undefined)[]): void {
  targets.sort((a, b) => a.line - b.line);
  let line = 1;
  let lineStart = 0;
  for (const { line: wanted, target } of targets) {
    while (line < wanted && lineStart !== -1) {
      const newline = text.indexOf('\n', lineStart);
      lineStart = newline === -1 ? -1 : newline + 1;
      line++;
    }
    if (lineStart === -1) return;
    const first = skipWhitespace(text, lineStart);
    out[target] = { line: wanted, column: first - lineStart + 1 };
  }
}

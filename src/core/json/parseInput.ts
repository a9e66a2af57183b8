import type { ImportError } from '../model';
import type { ParsedInput } from '../formats/types';
import { capDepth, joinCuts, MAX_DEPTH, type DepthCuts } from './depth';
import { findJsonError, lineColumnAt, snippetAt } from './jsonError';
import { parseSse } from './sse';

export type ParseResult = { ok: true; input: ParsedInput } | { ok: false; error: ImportError };

/** Editors on Windows save UTF-8 with a BOM; JSON.parse rejects it and columns must not count it. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads text as one JSON document or, failing that, as JSON Lines, or as server-sent events (their data payloads, see sse.ts). */
export function parseInput(rawText: string): ParseResult {
  const text = stripBom(rawText);
  if (text.trim() === '') {
    return { ok: false, error: { message: 'The input is empty: paste or load a JSON or JSON Lines message history.' } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (parseError) {
    return parseJsonLines(text) ?? sseInput(text) ?? { ok: false, error: invalidJson(text, parseError) };
  }
  return { ok: true, input: documentInput(value) };
}

/** A JSON document as the adapters read it: cut to MAX_DEPTH levels (json/depth), the cuts kept for the note. */
function documentInput(value: unknown): ParsedInput {
  const deep = capDepth(value);
  return { value, jsonLines: false, lineOf: [], ...(deep && { deep }) };
}

function sseInput(text: string): ParseResult | undefined {
  const input = parseSse(text);
  return input && { ok: true, input };
}

function invalidJson(text: string, parseError: unknown): ImportError {
  const found = findJsonError(text);
  if (!found) {
    // The locator accepts everything the grammar allows; this is the engine refusing for its own reasons (e.g. size).
    return { message: `Invalid JSON: ${parseError instanceof Error ? parseError.message : String(parseError)}` };
  }
  const { line, column } = lineColumnAt(text, found.offset);
  return {
    message: `Invalid JSON at line ${line}, column ${column}: ${found.message}`,
    line,
    column,
    snippet: snippetAt(text, found.offset),
  };
}

/**
 * JSON Lines when there are two or more non-blank lines and the first parses on its own.
 * A bad line later on is kept as its text, with the reason in `lineErrors`, so nothing loaded is dropped.
 */
function parseJsonLines(text: string): ParseResult | undefined {
  const lines = new JsonLines();
  let lineNumber = 0;
  // Walked with indexOf rather than split: a large pretty-printed file is rejected at its first line.
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (!lines.add(text.slice(start, end), ++lineNumber)) return undefined;
    start = end + 1;
  }
  const input = lines.finish();
  return input && { ok: true, input };
}

/** JSON Lines read a line at a time, as parseJsonLines and the streaming parser feed them. */
export class JsonLines {
  private readonly value: unknown[] = [];
  private readonly lineOf: number[] = [];
  private readonly lineErrors = new Map<number, string>();
  private deep: DepthCuts | undefined;

  /** Values read so far, bad lines included. */
  get count(): number {
    return this.value.length;
  }

  /** Reads one line (without its newline); false when the first non-blank line is not JSON on its own. */
  add(line: string, lineNumber: number): boolean {
    if (line.trim() === '') return true;
    try {
      const value: unknown = JSON.parse(line);
      // Each line is a document of its own, cut as one; its index starts the paths of its cuts.
      this.deep = joinCuts(this.deep, capDepth(value, MAX_DEPTH, [this.value.length]));
      this.value.push(value);
    } catch {
      if (this.value.length === 0) return false;
      const found = findJsonError(line);
      const where = found ? ` at column ${found.offset + 1}: ${found.message}` : '';
      this.lineErrors.set(this.value.length, `line ${lineNumber}: invalid JSON${where}`);
      this.value.push(line);
    }
    this.lineOf.push(lineNumber);
    return true;
  }

  /** The input, when it held two values or more (one is a JSON document, not JSON Lines). */
  finish(): ParsedInput | undefined {
    if (this.value.length < 2) return undefined;
    return { value: this.value, jsonLines: true, lineOf: this.lineOf, lineErrors: this.lineErrors, ...(this.deep && { deep: this.deep }) };
  }
}

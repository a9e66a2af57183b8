// Server-sent events, as providers stream their responses: `event:` / `data:` field lines, events
// separated by blank lines, `:` comments, `id:` / `retry:` lines, `data: [DONE]` at the end (OpenAI).
// Framing is transport, like JSON Lines: what a reader gets is the JSON of each event's data, with its
// line. Field syntax as WHATWG HTML "Interpreting an event stream" and the SDKs' SSEDecoder
// (docs/FORMATS.md, "Provider streams").
import type { ParsedInput } from '../formats/types';
import { findJsonError, lineColumnAt } from './jsonError';
import { capDepth, joinCuts, MAX_DEPTH, type DepthCuts } from './depth';

const FIELDS = new Set(['data', 'event', 'id', 'retry']);

/** OpenAI's end-of-stream marker: framing, not an event. */
const DONE = '[DONE]';

/**
 * The data payloads of `text` read as an event stream, or undefined when its first line that is not
 * blank or a comment is no SSE field, or it holds no `data:` line. Lines end at `\n` (a `\r` before it
 * is dropped), as everywhere else lines are counted.
 */
export function parseSse(text: string): ParsedInput | undefined {
  const events = new SseEvents();
  let lineNumber = 0;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (!events.add(text.slice(start, end), ++lineNumber)) return undefined;
    start = end + 1;
  }
  return events.finish();
}

class SseEvents {
  private readonly value: unknown[] = [];
  private readonly lineOf: number[] = [];
  private readonly lineErrors = new Map<number, string>();
  /** The data lines of the event being read: their value, line number and the column the value starts at. */
  private data: { text: string; line: number; column: number }[] = [];
  private fieldSeen = false;
  private dataSeen = false;
  private deep: DepthCuts | undefined;

  /** False when the text is not an event stream (its first field line is not a field). */
  add(rawLine: string, lineNumber: number): boolean {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '') {
      this.dispatch();
      return true;
    }
    if (line.startsWith(':')) return true;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    if (!FIELDS.has(name)) {
      if (!this.fieldSeen) return false;
      // The spec ignores unknown fields; a capture with a stray line would then lose it without a word.
      this.push(line, lineNumber, `line ${lineNumber}: not an SSE field line (expected data:, event:, id:, retry: or a : comment)`);
      return true;
    }
    this.fieldSeen = true;
    if (name !== 'data') return true;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    const space = value.startsWith(' ') ? 1 : 0;
    this.data.push({ text: value.slice(space), line: lineNumber, column: colon + 2 + space });
    this.dataSeen = true;
    return true;
  }

  finish(): ParsedInput | undefined {
    this.dispatch();
    if (!this.dataSeen) return undefined;
    return { value: this.value, jsonLines: true, lineOf: this.lineOf, lineErrors: this.lineErrors, ...(this.deep && { deep: this.deep }) };
  }

  /** The event read so far ends: its data lines, joined by newlines, are one JSON value. */
  private dispatch(): void {
    const lines = this.data;
    if (lines.length === 0) return;
    this.data = [];
    const first = lines[0]!;
    const text = lines.map((line) => line.text).join('\n');
    if (text === DONE) return;
    const parsed = dataJson(text);
    if (parsed) {
      this.push(parsed.value, first.line);
      return;
    }
    // A capture that lost its blank lines runs several events together; each line is then one payload.
    const each = lines.length > 1 ? lines.map((line) => dataJson(line.text)) : [];
    if (each.length > 0 && each.every((value): value is { value: unknown } => value !== undefined)) {
      each.forEach((value, i) => this.push(value.value, lines[i]!.line));
      return;
    }
    this.push(text, first.line, invalidData(lines, text));
  }

  private push(value: unknown, line: number, error?: string): void {
    if (error !== undefined) this.lineErrors.set(this.value.length, error);
    // Each event's data is a document of its own, cut as one, as a line of JSON Lines is.
    this.deep = joinCuts(this.deep, capDepth(value, MAX_DEPTH, [this.value.length]));
    this.value.push(value);
    this.lineOf.push(line);
  }
}

/** An event's data as JSON, or undefined; cut to MAX_DEPTH by push, which knows its place. */
function dataJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** As JSON Lines say it (`line 7: invalid JSON at column 30: ...`), in the text's own lines and columns. */
function invalidData(lines: readonly { line: number; column: number }[], text: string): string {
  const found = findJsonError(text);
  if (!found) return `line ${lines[0]!.line}: invalid JSON`;
  const at = lineColumnAt(text, found.offset);
  const line = lines[at.line - 1] ?? lines[0]!;
  return `line ${line.line}: invalid JSON at column ${line.column + at.column - 1}: ${found.message}`;
}

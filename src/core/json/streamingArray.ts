// A history of 100k messages is a 60 MB download. When it is a JSON array, its elements are parsed in
// batches while the rest arrives, so that little parsing is left once the last byte is in. Anything
// else (an object at the root, JSON Lines, a syntax error) is only collected: the caller then parses
// the whole text as before, which also finds the exact line:column of an error.

/** Characters of complete elements parsed at once: large enough that JSON.parse's call cost vanishes. */
const BATCH_CHARS = 1 << 20;

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export interface StreamedJson {
  /** Everything pushed, joined. */
  text: string;
  /** JSON.parse(text) when the text is one JSON array; undefined for anything else. */
  array?: unknown[];
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Push the text in pieces as it is decoded, then `finish`. Offsets below count characters from the
 * start of the whole text.
 */
export class StreamingArrayParser {
  private readonly pieces: string[] = [];
  /** Offset of each piece's first character. */
  private readonly starts: number[] = [];
  private length = 0;
  private readonly elements: unknown[] = [];
  /** False once the text is known not to be one JSON array: pieces are then only collected. */
  private parsing = true;
  private started = false;
  /** Offset of the array's closing bracket, once seen; only whitespace may follow it. */
  private closedAt = -1;
  private depth = 0;
  private inString = false;
  /** A piece ended inside a string right after a backslash: the next character is escaped. */
  private escapeNext = false;
  /** Start of the first element not parsed yet: just after `[` or after a comma at depth 1. */
  private batchStart = 0;
  /** The last comma at depth 1 after batchStart, or -1. */
  private lastComma = -1;
  private sawComma = false;

  /** `batchChars`: how many characters of complete elements are parsed at once. */
  constructor(private readonly batchChars = BATCH_CHARS) {}

  push(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.starts.push(this.length);
    this.length += piece.length;
    if (!this.parsing) return;
    this.scan(piece, this.length - piece.length);
    if (this.parsing && this.lastComma - this.batchStart >= this.batchChars) {
      this.parsing = this.parse(this.batchStart, this.lastComma);
      this.batchStart = this.lastComma + 1;
      this.lastComma = -1;
    }
  }

  finish(): StreamedJson {
    const text = this.pieces.join('');
    if (!this.parsing || this.closedAt === -1) return { text };
    const tail = this.slice(this.batchStart, this.closedAt);
    if (tail.trim() === '') {
      // `[ ]` is an empty array; `[1, ]` ends in a comma, which JSON does not allow.
      return this.sawComma ? { text } : { text, array: [] };
    }
    return this.parse(this.batchStart, this.closedAt) ? { text, array: this.elements } : { text };
  }

  /** Walks one piece, tracking strings and depth; notes commas between elements and the closing bracket. */
  private scan(piece: string, offset: number): void {
    let i = 0;
    // Next quote and backslash at or after i, found once each: a long string full of escapes must not
    // be searched to its end at every escape.
    let nextQuote = -2;
    let nextBackslash = -2;
    while (i < piece.length) {
      if (this.inString) {
        if (this.escapeNext) {
          this.escapeNext = false;
          i++;
          continue;
        }
        if (nextQuote !== -1 && nextQuote < i) nextQuote = piece.indexOf('"', i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = piece.indexOf('\\', i);
        if (nextBackslash !== -1 && (nextQuote === -1 || nextBackslash < nextQuote)) {
          // The escaped character may be the next piece's first.
          if (nextBackslash + 1 === piece.length) this.escapeNext = true;
          i = nextBackslash + 2;
          continue;
        }
        if (nextQuote === -1) return;
        this.inString = false;
        i = nextQuote + 1;
        continue;
      }
      const c = piece.charCodeAt(i);
      if (this.closedAt !== -1 || !this.started) {
        if (!this.started && c === OPEN_BRACKET) {
          this.started = true;
          this.depth = 1;
          this.batchStart = offset + i + 1;
        } else if (!isBlank(c)) {
          this.parsing = false;
          return;
        }
      } else if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
        this.depth++;
      } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
        if (--this.depth === 0) {
          if (c !== CLOSE_BRACKET) {
            this.parsing = false;
            return;
          }
          this.closedAt = offset + i;
        }
      } else if (c === COMMA && this.depth === 1) {
        this.lastComma = offset + i;
        this.sawComma = true;
      }
      i++;
    }
  }

  /** Parses the elements between two offsets (complete ones, separated by commas). */
  private parse(from: number, to: number): boolean {
    let batch: unknown;
    try {
      batch = JSON.parse(`[${this.slice(from, to)}]`);
    } catch {
      return false;
    }
    // Split at its commas, `[1,,2]` would read as `[1]`, `[]` and `[2]`: an empty batch is an empty element.
    if (!Array.isArray(batch) || batch.length === 0) return false;
    for (const element of batch) this.elements.push(element);
    return true;
  }

  private slice(from: number, to: number): string {
    let first = this.pieceAt(from);
    const parts: string[] = [];
    for (; first < this.pieces.length && this.starts[first]! < to; first++) {
      const start = this.starts[first]!;
      const piece = this.pieces[first]!;
      parts.push(piece.slice(Math.max(0, from - start), Math.min(piece.length, to - start)));
    }
    return parts.join('');
  }

  /** The piece holding `offset`: a binary search, batches are cut a few hundred times per file. */
  private pieceAt(offset: number): number {
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

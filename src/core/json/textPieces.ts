import { isBlank } from './charCodes';

/** Text received in pieces, addressed by offsets from the start of the whole. */
export class TextPieces {
  private readonly pieces: string[] = [];
  /** Offset of each piece's first character. */
  private readonly starts: number[] = [];
  length = 0;

  /** Adds a piece; returns the offset of its first character. */
  push(piece: string): number {
    const start = this.length;
    this.pieces.push(piece);
    this.starts.push(start);
    this.length += piece.length;
    return start;
  }

  /** The whole text. Joined once, then kept as the only piece: the pieces would be a second copy. */
  join(): string {
    if (this.pieces.length !== 1) {
      const whole = this.pieces.join('');
      this.pieces.length = 0;
      this.starts.length = 0;
      this.pieces.push(whole);
      this.starts.push(0);
    }
    return this.pieces[0] ?? '';
  }

  /** The text between two offsets, between `before` and `after` in one copy (JSON.parse would flatten a concatenation). */
  slice(from: number, to: number, before = '', after = ''): string {
    const parts: string[] = [before];
    for (let p = this.pieceAt(from); p < this.pieces.length && this.starts[p]! < to; p++) {
      const start = this.starts[p]!;
      const piece = this.pieces[p]!;
      parts.push(piece.slice(Math.max(0, from - start), Math.min(piece.length, to - start)));
    }
    parts.push(after);
    return parts.join('');
  }

  /** Each piece from `from` on (the first cut there), with the offset of its first character. */
  *from(from: number): Generator<{ piece: string; start: number }> {
    for (let p = this.pieceAt(from); p < this.pieces.length; p++) {
      const start = this.starts[p]!;
      const skip = Math.max(0, from - start);
      yield { piece: skip === 0 ? this.pieces[p]! : this.pieces[p]!.slice(skip), start: start + skip };
    }
  }

  /** The offset of the first `char` at or after `from`, or -1. */
  indexOf(char: string, from: number): number {
    for (const { piece, start } of this.from(from)) {
      const at = piece.indexOf(char);
      if (at !== -1) return start + at;
    }
    return -1;
  }

  /** The offset of the last character that is not whitespace, or -1. */
  lastNonBlank(): number {
    for (let p = this.pieces.length - 1; p >= 0; p--) {
      const piece = this.pieces[p]!;
      for (let i = piece.length - 1; i >= 0; i--) {
        if (!isBlank(piece.charCodeAt(i))) return this.starts[p]! + i;
      }
    }
    return -1;
  }

  /** The piece holding `offset`, by binary search. */
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

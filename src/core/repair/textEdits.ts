// A repair as edits to the input's text: entries removed from or inserted into arrays, and values replaced. The
// text is rendered once, at the end; everything no edit touches (each message that needed none, the whitespace
// between them, the envelope around the list) is copied as it was, byte for byte.
import type { JsonSpans, Span } from './jsonSpans';

/**
 * What goes into an array: a span of the input (rendered with the edits inside it), new JSON text, or pieces
 * wrapped in new text (result blocks in a new wire message).
 */
export type Piece = { span: Span } | { text: string } | { wrap: readonly Piece[]; with: (texts: readonly string[]) => string };

interface ArrayEdit {
  kind: 'array';
  span: Span;
  entries: readonly Span[];
  removed: Set<number>;
  /** Pieces to put before entry i; at `entries.length`: after the last. */
  before: Map<number, Piece[]>;
}

interface Replace {
  kind: 'replace';
  span: Span;
  pieces: readonly Piece[];
}

type Edit = ArrayEdit | Replace;

export class TextEdits {
  private readonly arrays = new Map<number, ArrayEdit>();
  private readonly replaced: Replace[] = [];

  constructor(private readonly spans: JsonSpans) {}

  /** Leaves entry `index` of the array at `array` out. */
  remove(array: Span, index: number): void {
    this.arrayEdit(array)?.removed.add(index);
  }

  /** Puts `pieces` before entry `index` of the array at `array` (its length: at the end), after pieces put there before. */
  insert(array: Span, index: number, pieces: readonly Piece[]): void {
    const edit = this.arrayEdit(array);
    if (!edit) return;
    const at = Math.min(Math.max(index, 0), edit.entries.length);
    edit.before.set(at, [...(edit.before.get(at) ?? []), ...pieces]);
  }

  /** Writes `pieces` (joined) in place of `span`. */
  replace(span: Span, pieces: string | readonly Piece[]): void {
    this.replaced.push({ kind: 'replace', span, pieces: typeof pieces === 'string' ? [{ text: pieces }] : pieces });
  }

  /** The entries of the array at `array` once edited: each an original entry's index, or -1 for one inserted. */
  order(array: Span): number[] {
    const edit = this.arrays.get(array.start);
    const entries = edit?.entries ?? this.spans.entries(array) ?? [];
    const out: number[] = [];
    const indexOf = new Map(entries.map((entry, i) => [entry.start, i]));
    for (let i = 0; i <= entries.length; i++) {
      for (const piece of edit?.before.get(i) ?? []) out.push('span' in piece ? (indexOf.get(piece.span.start) ?? -1) : -1);
      if (i < entries.length && !edit?.removed.has(i)) out.push(i);
    }
    return out;
  }

  /** Whether every entry of the array at `array` is removed and none inserted: the array ends up empty. */
  emptied(array: Span): boolean {
    const edit = this.arrays.get(array.start);
    if (!edit) return false;
    return edit.removed.size === edit.entries.length && [...edit.before.values()].every((pieces) => pieces.length === 0);
  }

  isRemoved(array: Span, index: number): boolean {
    return this.arrays.get(array.start)?.removed.has(index) ?? false;
  }

  get touched(): boolean {
    return this.replaced.length > 0 || [...this.arrays.values()].some((edit) => edit.removed.size > 0 || edit.before.size > 0);
  }

  private arrayEdit(array: Span): ArrayEdit | undefined {
    let edit = this.arrays.get(array.start);
    if (edit) return edit;
    const entries = this.spans.entries(array);
    if (!entries) return undefined;
    edit = { kind: 'array', span: array, entries, removed: new Set(), before: new Map() };
    this.arrays.set(array.start, edit);
    return edit;
  }

  /** The whole text with every edit applied. */
  render(): string {
    const { text } = this.spans;
    const regions = this.regions();
    /** `[start, end)` with the edits inside it; `own`: the array edit whose entries these are, not rendered again. */
    const renderRange = (start: number, end: number, own?: Edit): string => {
      let out = '';
      let at = start;
      let i = firstAtOrAfter(regions, start);
      while (i < regions.length) {
        const { span, edit } = regions[i]!;
        if (span.start >= end || span.end > end) break;
        if (edit === own) {
          i++;
          continue;
        }
        out += text.slice(at, span.start) + renderEdit(edit);
        at = span.end;
        // Regions inside this one were rendered with it.
        while (i < regions.length && regions[i]!.span.start < span.end) i++;
      }
      return out + text.slice(at, end);
    };
    const renderPiece = (piece: Piece, own?: Edit): string => {
      if ('text' in piece) return piece.text;
      if ('wrap' in piece) return piece.with(piece.wrap.map((inner) => renderPiece(inner)));
      return renderRange(piece.span.start, piece.span.end, own);
    };
    const renderEdit = (edit: Edit): string => {
      if (edit.kind === 'replace') return edit.pieces.map((piece) => renderPiece(piece)).join('');
      const { entries, removed, before } = edit;
      const region = arrayRegion(edit, this.spans.isLines && edit.span.start === this.spans.root()?.start, text.length);
      const items: { piece: Piece; original?: number }[] = [];
      for (let i = 0; i <= entries.length; i++) {
        for (const piece of before.get(i) ?? []) items.push({ piece });
        const entry = entries[i];
        if (entry && !removed.has(i)) items.push({ piece: { span: entry }, original: i });
      }
      const [first] = entries;
      const last = entries[entries.length - 1];
      // The blanks inside the brackets before the first entry and after the last stay as they were.
      let out = first ? text.slice(region.start, first.start) : '';
      items.forEach((item, k) => {
        if (k > 0) {
          const previous = items[k - 1]!.original;
          const adjacent = previous !== undefined && item.original === previous + 1;
          out += adjacent ? text.slice(entries[previous]!.end, entries[item.original!]!.start) : this.spans.separator(edit.span);
        }
        out += renderPiece(item.piece, edit);
      });
      return out + (last ? text.slice(last.end, region.end) : '');
    };
    return renderRange(0, text.length);
  }

  /** Every edit as the region of text it rewrites, by start (an outer region before those inside it). */
  private regions(): { span: Span; edit: Edit }[] {
    const out: { span: Span; edit: Edit }[] = [];
    const lines = this.spans.isLines ? this.spans.root()?.start : undefined;
    for (const edit of this.arrays.values()) {
      if (edit.removed.size === 0 && edit.before.size === 0) continue;
      out.push({ span: arrayRegion(edit, edit.span.start === lines, this.spans.text.length), edit });
    }
    for (const edit of this.replaced) out.push({ span: edit.span, edit });
    return out.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  }
}

/** An array's region: inside its brackets, so that even its only entry lies inside it; JSON Lines' root: the whole text. */
function arrayRegion(edit: ArrayEdit, isLines: boolean, length: number): Span {
  return isLines ? { start: 0, end: length } : { start: edit.span.start + 1, end: edit.span.end - 1 };
}

function firstAtOrAfter(regions: readonly { span: Span }[], start: number): number {
  let low = 0;
  let high = regions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (regions[mid]!.span.start < start) low = mid + 1;
    else high = mid;
  }
  return low;
}

// Where a search's matches are in one text, for highlighting: the page splits the text at these ranges into plain
// pieces and marked ones (never HTML).

/** A text drawn with this many matches marks these and shows the rest plain: each mark is an element. */
export const MAX_MARKS = 1000;

export interface MatchRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * The matches of `pattern` (a `g` regular expression, core/search/query) in `text`, left to right, at most `limit`:
 * as `matchAll` finds them, so they never overlap (`aa` in `aaa` is one, at 0), and a match of nothing (`x*` before a `y`)
 * marks nothing and moves on by a whole character (a surrogate pair with `u`).
 */
export function matchRanges(text: string, pattern: RegExp, limit = MAX_MARKS): MatchRange[] {
  const ranges: MatchRange[] = [];
  if (text === '') return ranges;
  pattern.lastIndex = 0;
  while (ranges.length < limit) {
    const match = pattern.exec(text);
    if (!match) break;
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      // An empty match: step over it, as String.prototype.matchAll does.
      const code = text.charCodeAt(start);
      pattern.lastIndex = start + (pattern.unicode && code >= 0xd800 && code <= 0xdbff ? 2 : 1);
      if (pattern.lastIndex > text.length) break;
      continue;
    }
    ranges.push({ start, end });
  }
  pattern.lastIndex = 0;
  return ranges;
}

export interface TextPiece {
  text: string;
  /** Part of a match. */
  hit: boolean;
}

/** `text` cut at `ranges` (from matchRanges: in order, apart), every character in exactly one piece, none empty. */
export function splitAtRanges(text: string, ranges: readonly MatchRange[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) pieces.push({ text: text.slice(at, from), hit: false });
    pieces.push({ text: text.slice(from, to), hit: true });
    at = to;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hit: false });
  return pieces;
}

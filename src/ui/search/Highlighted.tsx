// A search's matches marked in text: the text split into plain strings and <mark> elements, never HTML.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRanges, splitAtRanges } from '../../core/search/ranges';

/**
 * The search's pattern where a part of the page highlights it (the detail pane's text and tool calls), null elsewhere:
 * text components inside read it, so that the pattern need not pass through every layer of the content between.
 */
export const SearchHighlight = createContext<RegExp | null>(null);

/** `text` with each match of `pattern` in a `<mark data-testid="search-hit">`; the text itself when there is none. */
export function highlightText(text: string, pattern: RegExp | null): ReactNode {
  if (!pattern || text === '') return text;
  const ranges = matchRanges(text, pattern);
  if (ranges.length === 0) return text;
  return splitAtRanges(text, ranges).map((piece, i) =>
    piece.hit ? (
      <mark key={i} className="search-hit" data-testid="search-hit">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

interface Props {
  text: string;
  /** The pattern to mark; without it, the one of the SearchHighlight around. */
  pattern?: RegExp | null;
}

/** `text` with the search's matches marked. */
export function Highlighted({ text, pattern }: Props) {
  const around = useContext(SearchHighlight);
  const used = pattern === undefined ? around : pattern;
  return useMemo(() => highlightText(text, used), [text, used]);
}

// Line and column of many offsets in one text, for text formats whose drafts carry their own location.
import type { Position } from '../../json/locate';

/**
 * A lookup from UTF-16 offset to 1-based line and column (lines end at '\n'), in any order: the line
 * starts are found once, each lookup is a binary search.
 */
export function textPositions(text: string): (offset: number) => Position {
  const starts = [0];
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) starts.push(nl + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}

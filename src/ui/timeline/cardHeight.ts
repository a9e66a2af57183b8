import { type MessageColumns } from '../../protocol/workerApi';
import { CARD_CHARS, CARD_FLAG, CARD_LINES } from '../../protocol/timelineView';

// Pixel sizes from timeline.css, for guessing a card's height before it is drawn. A good guess keeps
// the scrollbar honest and the corrections small when cards are measured.
const ROW_PADDING = 8;
const CARD_CHROME = 18;
const HEAD = 26;
const TEXT_LINE = 20.3;
const TEXT_MARGIN = 3;
const MORE_ROW = 19;
const RESULT_ROW = 25;
const CHIP_ROW = 32;
const CHIPS_MARGIN = 1;
const KINDS_ROW = 23;
const FOOTER = 26;
const PROBLEM = 27;
/** Average width of a character of the card font. */
const CHAR_WIDTH = 7.3;

/** Characters per line of card text in a timeline `width` pixels wide. */
export function charsPerLine(width: number): number {
  return Math.max(20, Math.floor((width - 100) / CHAR_WIDTH));
}

/** The guessed height of message `i`'s collapsed card. */
export function estimateCardHeight(columns: MessageColumns, i: number, perLine: number): number {
  const flags = columns.flags[i] ?? 0;
  const length = columns.textLength[i] ?? 0;
  let height = ROW_PADDING + CARD_CHROME + HEAD;
  if (length > 0) {
    const shown = Math.min(length, CARD_CHARS);
    const lines = Math.max(columns.previewLines[i] ?? 1, Math.ceil(shown / perLine));
    height += TEXT_MARGIN + lines * TEXT_LINE;
    if (length > CARD_CHARS || (columns.previewLines[i] ?? 0) >= CARD_LINES) height += MORE_ROW;
  }
  if (flags & CARD_FLAG.resultRow) height += RESULT_ROW;
  const calls = columns.callCount[i] ?? 0;
  if (calls > 0) height += CHIPS_MARGIN + calls * CHIP_ROW;
  if (flags & CARD_FLAG.contentKinds) height += KINDS_ROW;
  if (flags & CARD_FLAG.footer) height += FOOTER;
  if (flags & CARD_FLAG.problem) height += PROBLEM;
  return Math.round(height);
}

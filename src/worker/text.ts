import type { ToolCall } from '../core/model';
import { CARD_CHARS, CARD_LINES } from '../protocol/timelineView';
import { indentedJson } from '../core/json/indented';
import { preview, stringifyJson } from '../core/json/value';

/** Characters of a call's arguments a chip shows. */
const ARGS_CHARS = 60;

/** The first `max` characters, never ending in half a surrogate pair (it would render as a replacement glyph). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Lines in the first CARD_CHARS characters, at most CARD_LINES. */
export function previewLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  const end = Math.min(text.length, CARD_CHARS);
  for (let i = text.indexOf('\n'); i !== -1 && i < end && lines < CARD_LINES; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Pretty JSON of any value the importer kept; values JSON cannot express fall back to text. */
export function prettyJson(value: unknown): string {
  try {
    return indentedJson(value) ?? String(value);
  } catch (error) {
    return `(cannot show as JSON: ${clip(error instanceof Error ? error.message : String(error), 300)})`;
  }
}

function compactJson(value: unknown): string {
  try {
    return stringifyJson(value) ?? String(value);
  } catch {
    // Not String(value): an array's is built element by element, however long or deep, and may throw the same way.
    return preview(value, ARGS_CHARS * 4);
  }
}

/** One line of a call's arguments for its chip: as written when they are not valid JSON, else compact JSON. */
export function argsLine(call: ToolCall): string {
  const bad = call.error !== undefined || call.invalid === true;
  const full = bad && call.argsText !== undefined ? call.argsText : compactJson(call.args);
  // Cut before collapsing whitespace: a 5 MB argument must not be copied whole for 60 characters.
  const line = clip(full, ARGS_CHARS * 4).replace(/\s+/g, ' ');
  return line.length > ARGS_CHARS || full.length > ARGS_CHARS * 4 ? `${clip(line, ARGS_CHARS)}…` : line;
}

// What an input that is no history is, in one line: the answer a person who dropped the wrong file needs. The
// formats msgscope reads are listed apart (the app's *Which formats can I open?*, `msgscope formats`), never in
// the line itself: 42 expectations in one error were a 5,500-character wall that named nothing the person had.
import { isRecord } from './json/value';

/** Keys named before the rest is left to `…`; each cut at KEY_CHARS (a key is input too, and may be a megabyte). */
const KEYS_SHOWN = 8;
const KEY_CHARS = 40;

const cut = (key: string): string => (key.length > KEY_CHARS ? `${key.slice(0, KEY_CHARS - 1)}…` : key);

/** `id, object, data`, the first KEYS_SHOWN keys of a record, `…` after them when there are more. */
function keysOf(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  const shown = keys.slice(0, KEYS_SHOWN).map(cut).join(', ');
  return keys.length > KEYS_SHOWN ? `${shown}, …` : shown;
}

/** `a JSON string`, `a JSON number`, `JSON true`, `JSON null`: a JSON value that holds nothing. */
function scalar(value: unknown): string {
  if (value === null || typeof value === 'boolean') return `JSON ${String(value)}`;
  return typeof value === 'string' ? 'a JSON string' : typeof value === 'number' ? 'a JSON number' : 'a JSON value';
}

/** What the elements of a list are: `objects; the first has keys role, text`, `numbers`, `lists`, `values`. */
function elements(list: readonly unknown[]): string {
  const first = list[0];
  const n = list.length;
  const plural = (word: string): string => (n === 1 ? word : `${word}s`);
  if (list.every(isRecord)) {
    const keys = isRecord(first) && Object.keys(first).length > 0 ? `; the first has keys ${keysOf(first)}` : ' with no keys';
    return `${plural('object')}${keys}`;
  }
  if (list.every(Array.isArray)) return plural('list');
  if (list.every((item) => typeof item === 'string')) return plural('string');
  if (list.every((item) => typeof item === 'number')) return plural('number');
  return plural('value');
}

/** Only the first elements are looked at: a list of a million says what it is from its first few. */
const SAMPLED = 50;

/**
 * The one line for parsed JSON (or JSON Lines, one value a line) that no format claims, naming what it holds:
 * "This is an empty JSON object ({}), not a message history.", "JSON with keys id, object, data — not a message
 * history msgscope knows.".
 */
export function notHistoryMessage(value: unknown, jsonLines: boolean): string {
  if (jsonLines && Array.isArray(value)) {
    const n = value.length;
    return `JSON Lines of ${n} ${elements(value.slice(0, SAMPLED))} — not a message history msgscope knows.`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'This is an empty JSON list ([]): there are no messages in it.';
    return `A JSON list of ${value.length} ${elements(value.slice(0, SAMPLED))} — not a message history msgscope knows.`;
  }
  if (isRecord(value)) {
    if (Object.keys(value).length === 0) return 'This is an empty JSON object ({}), not a message history.';
    return `JSON with keys ${keysOf(value)} — not a message history msgscope knows.`;
  }
  return `This is ${scalar(value)}, not a message history.`;
}

/** Characters looked at for an HTML page's start: a BOM, a comment or blank lines may come before the tag. */
const HTML_HEAD = 1024;

/**
 * Text that is an HTML page (a saved web page, a static host's start page answered for a wrong path): it starts,
 * past blanks and comments, with `<!doctype html` or `<html`. Checked only on text that did not parse as JSON.
 */
export function isHtmlPage(text: string): boolean {
  const head = text
    .slice(0, HTML_HEAD)
    .replace(/^\uFEFF/, '')
    .replace(/^(?:\s|<!--[\s\S]*?-->)*/, '');
  return /^<(?:!doctype\s+html|html)[\s>]/i.test(head);
}

export const HTML_PAGE_MESSAGE = 'This is an HTML page, not a message history.';

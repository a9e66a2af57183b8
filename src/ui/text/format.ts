import type { ToolCall } from '../../core/model';
import { previewText } from './preview';

const integer = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return integer.format(n);
}

/** `1 message`, `3 messages`. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : nouns}`;
}

/** Sizes of text the page leaves out, e.g. `12.4k characters`. */
export function formatChars(n: number): string {
  if (n < 10_000) return plural(n, 'character');
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k characters`;
  return `${(n / 1_000_000).toFixed(1)}M characters`;
}

function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A one-line preview of a call's arguments: the text as written when it is not valid JSON, else compact JSON. */
export function argsPreview(call: ToolCall, maxChars = 60): string {
  const full = call.argsText !== undefined && (call.error !== undefined || call.invalid) ? call.argsText : compactJson(call.args);
  const oneLine = full.replace(/\s+/g, ' ');
  const preview = previewText(oneLine, maxChars);
  return preview.omitted > 0 ? `${preview.text}…` : preview.text;
}

/** Pretty JSON of any value the importer kept; values JSON cannot express fall back to text. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    return `(cannot show as JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}

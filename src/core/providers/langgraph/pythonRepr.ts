// Python's repr() of JSON values, so errors raised by Python frameworks (LangGraph prints the tool
// call dicts it rejects) can be quoted with the history's real values.
import { printed } from '../../json/value';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function stringRepr(text: string): string {
  // Python picks double quotes only when the text has a single quote and no double quote.
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) out += ESCAPES[ch] ?? (ch === quote ? `\\${ch}` : ch);
  return out + quote;
}

/**
 * Appends the repr of `value` to `out` until it holds more than `max` characters, then stops: the caller only wants
 * one that fits an error line, and a tool's arguments may be megabytes or nest hundreds of levels (each level writes
 * a bracket, so the recursion stops within `max` levels).
 */
function repr(value: unknown, out: { text: string }, max: number): void {
  if (out.text.length > max) return;
  if (value === null || value === undefined) out.text += 'None';
  else if (value === true) out.text += 'True';
  else if (value === false) out.text += 'False';
  else if (typeof value === 'string') out.text += stringRepr(value.length > max ? value.slice(0, max + 1) : value);
  else if (typeof value === 'number') out.text += Number.isInteger(value) ? String(value) : JSON.stringify(value);
  else if (Array.isArray(value)) {
    out.text += '[';
    for (let i = 0; i < value.length && out.text.length <= max; i++) {
      if (i > 0) out.text += ', ';
      repr(value[i], out, max);
    }
    out.text += ']';
  } else if (typeof value === 'object') {
    out.text += '{';
    let first = true;
    for (const key in value) {
      if (out.text.length > max) break;
      if (!Object.hasOwn(value, key)) continue;
      out.text += `${first ? '' : ', '}${stringRepr(key)}: `;
      first = false;
      repr((value as Record<string, unknown>)[key], out, max);
    }
    out.text += '}';
  } else out.text += stringRepr(printed(value));
}

/** The repr, or `tooLong` when it would exceed `max` characters (an error line must stay readable). */
export function pythonRepr(value: unknown, tooLong = '…', max = 300): string {
  const out = { text: '' };
  repr(value, out, max);
  return out.text.length > max ? tooLong : out.text;
}

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

function repr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return stringRepr(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${stringRepr(k)}: ${repr(v)}`)
      .join(', ')}}`;
  }
  return stringRepr(printed(value));
}

/** The repr, or `tooLong` when it would exceed `max` characters (an error line must stay readable). */
export function pythonRepr(value: unknown, tooLong = '…', max = 300): string {
  const text = repr(value);
  return text.length > max ? tooLong : text;
}

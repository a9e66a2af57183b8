// Narrowing and describing parsed JSON: input enters as `unknown` and is read, never cast.
import { capNested, stringifyAnyDepth, writeJson } from './depth';

/**
 * `text` as JSON, or none when it is not JSON: for fields that may hold JSON or plain text. What nests deeper than
 * MAX_DEPTH is kept as its JSON text from there (json/depth), counted for the importer's note.
 */
export function parseJson(text: string): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return { value: capNested(value) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets `key` on a record built from input as an own field, as JSON.parse would. Assigning a `__proto__` key
 * would instead make `value` the record's prototype, and every field the record lacks would then be read from
 * it as the message's own. Only that key pays for defineProperty, which turns an object into a slow dictionary.
 */
export function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Object.assign for input: `source`'s own fields onto `target`, a `__proto__` key among them as a field. */
export function assignFields(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(source)) setField(target, key, source[key]);
  return target;
}

/** `record[key]` when the record holds it itself: for keys that come from input, which may name Object.prototype's members. */
export function ownField(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** `a number`, `an array`, `null`...: for problem texts like "expected an object, got a number". */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Arrays in arrays described before the rest is left to `…`: three say what the input is, 5,000 made a 190 KB error. */
const SHAPE_LEVELS = 3;
/** Characters of a key shown: a key is input too, and may be a megabyte long. */
const SHAPE_KEY_CHARS = 40;

/** One line saying what a value is, with an object's first keys, for "nothing matched" errors; a few hundred characters at most. */
export function describeShape(value: unknown, levels = SHAPE_LEVELS): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array';
    const first = levels > 1 ? describeShape(value[0], levels - 1) : '…';
    return `an array of ${value.length} whose first element is ${first}`;
  }
  if (!isRecord(value)) return kindOf(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 8).map((key) => {
    const field = value[key];
    const name = key.length > SHAPE_KEY_CHARS ? `${key.slice(0, SHAPE_KEY_CHARS - 1)}…` : key;
    return Array.isArray(field) ? `${name} (${field.length} items)` : name;
  });
  return `an object with keys ${shown.join(', ')}${keys.length > shown.length ? ', ...' : ''}`;
}

/**
 * JSON.stringify typed as it behaves: undefined for undefined, a function or a symbol (lib.d.ts says
 * string, which would make every fallback for those look unnecessary).
 */
export function stringifyJson(value: unknown, indent?: number): string | undefined {
  return stringifyAnyDepth(value, indent);
}

/**
 * A value from the input as JavaScript prints it (an object as [object Object]): for texts that always have. An
 * array, which String() joins element by element however long or deep, shows as its compact JSON, cut.
 */
export const printed = (value: unknown): string => (Array.isArray(value) ? preview(value, 200) : String(value));

/** Compact JSON of a value, cut to `max` characters; strings show as they are. Writes no more of a large value than it shows. */
export function preview(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : (writeJson(value, 0, max) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

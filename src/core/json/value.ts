// Narrowing and describing parsed JSON: input enters as `unknown` and is read, never cast.

/** `text` as JSON, or none when it is not JSON: for fields that may hold JSON or plain text. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a number`, `an array`, `null`...: for problem texts like "expected an object, got a number". */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** One line saying what a value is, with an object's first keys, for "nothing matched" errors. */
export function describeShape(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array';
    return `an array of ${value.length} whose first element is ${describeShape(value[0])}`;
  }
  if (!isRecord(value)) return kindOf(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 8).map((key) => {
    const field = value[key];
    return Array.isArray(field) ? `${key} (${field.length} items)` : key;
  });
  return `an object with keys ${shown.join(', ')}${keys.length > shown.length ? ', ...' : ''}`;
}

/**
 * JSON.stringify typed as it behaves: undefined for undefined, a function or a symbol (lib.d.ts says
 * string, which would make every fallback for those look unnecessary).
 */
export function stringifyJson(value: unknown, indent?: number): string | undefined {
  return JSON.stringify(value, null, indent);
}

/** A value from the input as JavaScript prints it (an object as [object Object]): for texts that always have. */
export const printed = (value: unknown): string => String(value);

/** Compact JSON of a value, cut to `max` characters; strings show as they are. */
export function preview(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : (stringifyJson(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

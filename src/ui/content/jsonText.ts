// Text that is a JSON object or array (a tool's arguments, a result's output), read for the tree view.

/** Larger texts are shown as text: parsing and drawing them on the page's thread would hold it. */
export const JSON_TREE_MAX_CHARS = 5_000_000;

export interface JsonText {
  value: object;
  /** Integers longer than a double holds exactly appear in the text: the tree shows them as JavaScript reads them. */
  lossyNumbers: boolean;
}

/** The value of `text` when it is a JSON object or array (not too large), else undefined. */
export function parseJsonText(text: string): JsonText | undefined {
  if (text.length > JSON_TREE_MAX_CHARS || !/^\s*[[{]/.test(text.slice(0, 1000))) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return { value, lossyNumbers: /[[:,]\s*-?\d{16,}/.test(text) };
}

/** The JSON of a value of the tree, pretty-printed, for *Copy*. */
export function jsonOf(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A child's place in the path shown for a node: `.name`, `["odd key"]`, `[3]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[a-z_$][\w$]*$/i.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

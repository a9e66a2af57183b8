// Exports and reports are indented JSON, and indentation grows with depth: a line `d` containers deep starts with
// 2·d spaces, so a value nested `d` levels writes about d² of them, and a few bytes of brackets in the input
// (`[[[[…]]]]`) become hundreds of times as many out (docs/SECURITY.md, "Size and amplification"). So only the
// first INDENTED_LEVELS levels of a document are indented; a container deeper than that is written compact, on
// the line it starts on. The text parses to the same value as JSON.stringify's; for a value no deeper, it is
// JSON.stringify(value, null, 2) byte for byte.
import { stringifyAnyDepth } from './depth';

/**
 * Levels of containers that are indented. msgscope's export has its messages at level 2, their fields at 3, a content
 * block or a tool call at 4 and the fields of those at 5; the raw input beside them starts at level 3. Each level
 * allowed costs up to about two characters out per byte of brackets in, so this is where the bound is set.
 */
export const INDENTED_LEVELS = 8;

const INDENT = 2;

/**
 * JSON.stringify(value, null, 2), except that containers at level INDENTED_LEVELS and deeper are written compact.
 * `level` says how deep `value` itself sits in the document being written, for writers that put the document together
 * in parts: the text is indented as JSON.stringify indents `value` alone, and they shift it to its place.
 * Plain data only (what JSON.parse makes and the model holds): past INDENTED_LEVELS, `toJSON` methods are not called.
 */
export function indentedJson(value: unknown, level = 0): string | undefined {
  return member(value, 0, INDENTED_LEVELS - level);
}

/**
 * Whether `value` holds containers no more than `levels` deep, itself counted. Each call walks at most `levels`
 * levels, and the recursion stops there too.
 */
function nestsWithin(value: object, levels: number): boolean {
  if (levels <= 0) return false;
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) if (typeof element === 'object' && element !== null && !nestsWithin(element, levels - 1)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && !nestsWithin(child, levels - 1)) return false;
  }
  return true;
}

/**
 * `value` at `depth` of the text being written, containers at `limit` and deeper compact: shallow enough, natively
 * (its lines shifted to `depth`), else member by member here. The recursion is `limit` deep at most.
 */
function member(value: unknown, depth: number, limit: number): string | undefined {
  if (typeof value !== 'object' || value === null) return scalar(value);
  if (!fits(value, depth, limit)) return deep(value, depth, limit);
  return depth === 0 ? stringifyAnyDepth(value, INDENT) : nativeAt(value, depth);
}

/**
 * JSON.stringify's text of a container as it is indented `depth` levels in: stringified nested in `depth` arrays, whose
 * own brackets and indents are cut off. Shifting each line in JavaScript costs more, a message at a time.
 */
function nativeAt(value: object, depth: number): string | undefined {
  let nested: unknown = value;
  for (let level = 0; level < depth; level++) nested = [nested];
  const text = stringifyAnyDepth(nested, INDENT);
  // Each level opens with `[`, a newline and its indent, and closes with a newline, the outer indent and `]`.
  let open = 0;
  let close = 0;
  for (let level = 1; level <= depth; level++) {
    open += 2 + INDENT * level;
    close += 2 + INDENT * (level - 1);
  }
  return text?.slice(open, text.length - close);
}

/**
 * A container at `depth` that nests past `limit`, laid out as JSON.stringify lays it out. Its members that fit are
 * written natively, each run of them at once; only the others are written here (the recursion is `limit` deep at most).
 */
function container(value: object, depth: number, limit: number): string {
  const inner = `\n${' '.repeat(INDENT * (depth + 1))}`;
  const chunks: string[] = [];
  let run: unknown[] | Record<string, unknown> | undefined;
  const flush = (): void => {
    if (run === undefined) return;
    const text = depth === 0 ? stringifyAnyDepth(run, INDENT) : nativeAt(run, depth);
    run = undefined;
    // `[`, the members each on their line, then a newline, the indent and `]`: the members are the chunk. A run
    // of members that have no JSON form writes `{}`, nothing.
    if (text !== undefined && text.length > 2) chunks.push(text.slice(1, text.length - 2 - INDENT * depth));
  };
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) {
      if (fits(element, depth + 1, limit)) ((run ??= []) as unknown[]).push(element);
      else {
        flush();
        chunks.push(`${inner}${deep(element as object, depth + 1, limit)}`);
      }
    }
    flush();
    return chunks.length === 0 ? '[]' : `[${chunks.join(',')}\n${' '.repeat(INDENT * depth)}]`;
  }
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    // A null-prototype run takes a `__proto__` key as its own member, as the value had it.
    if (fits(child, depth + 1, limit)) ((run ??= Object.create(null) as Record<string, unknown>) as Record<string, unknown>)[key] = child;
    else {
      flush();
      chunks.push(`${inner}${JSON.stringify(key)}: ${deep(child as object, depth + 1, limit)}`);
    }
  }
  flush();
  return chunks.length === 0 ? '{}' : `{${chunks.join(',')}\n${' '.repeat(INDENT * depth)}}`;
}

/** Whether JSON.stringify may write `value`, at `depth`, as it is: a scalar, or a container that ends above `limit`. */
const fits = (value: unknown, depth: number, limit: number): boolean =>
  typeof value !== 'object' || value === null || (depth < limit && nestsWithin(value, limit - depth));

/** A container at `depth` that does not fit: compact at `limit` and below, else laid out here. */
const deep = (value: object, depth: number, limit: number): string => (depth >= limit ? (stringifyAnyDepth(value) ?? 'null') : container(value, depth, limit));

/** A scalar's JSON; undefined for what has none (undefined, a function, a symbol). */
function scalar(value: unknown): string | undefined {
  // Undefined for undefined, a function or a symbol, which lib.d.ts does not say.
  const json: string | undefined = JSON.stringify(value);
  return json;
}

// The CLI's report of a huge history, or the history converted, can be longer than one string can be (V8
// caps strings at 2^29 - 24 characters, about 512 MB): a million findings with their provider error texts
// pass that. Such JSON is written in parts instead, the same text as indentedJson(value) would give (JSON.stringify(value,
// null, 2) but for what nests past INDENTED_LEVELS).
// The parts are as large as is safe: a long array's plain elements are stringified a few hundred at once,
// natively; written one by one, with their lines shifted in JavaScript, a million messages took half as long again.
import { indentedJson } from './indented';

/** Arrays longer than this are written in parts; shorter ones, and everything in them, whole. */
const LONG_ARRAY = 64;
/**
 * Containers are looked into this many levels deep for a long array, and no deeper: the long arrays of a
 * report (findings, each verdict's problems) and of a conversion (its messages) are shallower, and looking
 * through every message's own fields for one would cost a walk of the whole history.
 */
const LEVELS = 4;
/** Elements stringified in one part. */
const BATCH = 256;

/** `value` as indentedJson(value) writes it, in parts. `depth`: how deep in the whole `value` lies. */
export function* jsonParts(value: unknown, depth = 0): Generator<string> {
  if (!holdsLongArray(value, LEVELS - depth)) {
    yield shifted(indentedJson(value, depth) ?? 'null', depth);
    return;
  }
  const indent = '  '.repeat(depth);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length;) {
      yield `${i === 0 ? '' : ','}\n${inner}`;
      if (holdsLongArray(value[i], LEVELS - depth - 1)) {
        // As JSON.stringify, an element that has no JSON form is written as null.
        yield* jsonParts(value[i] ?? null, depth + 1);
        i++;
        continue;
      }
      let end = i + 1;
      while (end < value.length && end - i < BATCH && !holdsLongArray(value[end], LEVELS - depth - 1)) end++;
      yield elements(value.slice(i, end), depth + 1);
      i = end;
    }
    yield `\n${indent}]`;
    return;
  }
  yield '{';
  let first = true;
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    // As JSON.stringify, a member that has no JSON form (undefined, a function) is left out.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    yield `${first ? '' : ','}\n${inner}${JSON.stringify(key)}: `;
    yield* jsonParts(member, depth + 1);
    first = false;
  }
  yield `\n${indent}}`;
}

/** Whether `value` is, or holds within `levels` levels, an array long enough to be written in parts. */
function holdsLongArray(value: unknown, levels: number): boolean {
  if (levels <= 0 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    if (value.length > LONG_ARRAY) return true;
    for (const element of value) if (holdsLongArray(element, levels - 1)) return true;
    return false;
  }
  // for...in rather than Object.values: no array is allocated for each object looked into.
  for (const key in value) if (Object.hasOwn(value, key) && holdsLongArray((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}

/** JSON.stringify's indented text, its lines after the first shifted right to `depth`. */
function shifted(text: string, depth: number): string {
  return depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * Consecutive array elements at `depth`, as JSON.stringify writes them there, joined by its `,\n` and indent:
 * the batch is stringified nested in arrays down to that depth, so that JSON.stringify indents it, and the
 * nesting's own brackets are cut off.
 */
function elements(batch: unknown[], depth: number): string {
  let nested: unknown = batch;
  for (let level = 1; level < depth; level++) nested = [nested];
  const text = indentedJson(nested) ?? '';
  // Each level opens with `[`, a newline and its indent, and closes with a newline, the outer indent and `]`.
  let open = 0;
  let close = 0;
  for (let level = 1; level <= depth; level++) {
    open += 2 + 2 * level;
    close += 2 + 2 * (level - 1);
  }
  return text.slice(open, text.length - close);
}

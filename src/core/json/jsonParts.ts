// The CLI's report of a huge history, or the history converted, can be longer than one string can be (V8
// caps strings at 2^29 - 24 characters, about 512 MB): a million findings with their provider error texts
// pass that. Such JSON is written in parts instead, the same text as JSON.stringify(value, null, 2) would give.

/** Arrays longer than this are written an element at a time; shorter ones, and everything in them, whole. */
const LONG_ARRAY = 64;

/** `value` as JSON.stringify(value, null, 2) writes it, in parts: long arrays an element a part. */
export function* jsonParts(value: unknown, indent = ''): Generator<string> {
  if (!holdsLongArray(value)) {
    yield whole(value, indent);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? '' : ','}\n${inner}`;
      // As JSON.stringify, an element that has no JSON form is written as null.
      yield* jsonParts(value[i] ?? null, inner);
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
    yield* jsonParts(member, inner);
    first = false;
  }
  yield `\n${indent}}`;
}

/** Whether `value` is, or holds at any depth, an array long enough to be written in parts. */
function holdsLongArray(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > LONG_ARRAY || value.some(holdsLongArray);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsLongArray);
}

/** JSON.stringify's indented text of `value`, its lines after the first shifted right by `indent`. */
function whole(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

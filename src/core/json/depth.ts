// Input nests as deep as its author likes: 20 KB of `[` is 10,000 levels. JSON.parse reads any depth, but what
// runs after it does not: JSON.stringify, a structured clone, String() of an array and every recursive reader
// overflow the stack somewhere between 1,000 and 50,000 levels, by engine, thread and frame size (docs/SECURITY.md,
// "Depth and size limits"). So a value is cut once, where it enters (parseInput, the streaming parser, parseJson,
// the Python literal parser): a container nested deeper than MAX_DEPTH becomes its JSON text, and every walk after
// that meets MAX_DEPTH levels at most. The message holding it stays, and a note says where.
import { formatPath, type PathSegment } from './locate';

/**
 * Levels of containers a value from the input may nest. Real histories nest a few dozen (a tool's JSON schema in a
 * span attribute in an export); with the wrappers a report or an export adds, 256 stays far below the smallest
 * stack measured (a 0.5 MB worker stack: JSON.stringify overflows at ~1,260 levels, structured clone at ~990).
 */
export const MAX_DEPTH = 256;

/** Where values were cut: how many, and the paths of the first few. */
export interface DepthCuts {
  count: number;
  paths: PathSegment[][];
}

/** Paths kept for a note: one or two name the place; a thousand would only make the note long. */
const PATHS_KEPT = 3;

/**
 * Replaces, in place, every container more than `limit` levels deep (`root` being the first level) by its JSON text;
 * says where, or undefined when nothing was that deep. The walk recurses, never deeper than `limit`: a recursive walk
 * costs half what an explicit stack does, and this one runs over every parsed value. `at` prefixes the paths it reports.
 */
export function capDepth(root: unknown, limit = MAX_DEPTH, at: readonly PathSegment[] = []): DepthCuts | undefined {
  if (typeof root !== 'object' || root === null || limit < 1) return undefined;
  const state: CapState = { limit, at, path: [], cuts: undefined };
  capWalk(root, 1, state);
  return state.cuts;
}

interface CapState {
  readonly limit: number;
  readonly at: readonly PathSegment[];
  /** The keys down to the container being walked: `path[level - 1]` is the key of its child being walked. */
  readonly path: PathSegment[];
  cuts: DepthCuts | undefined;
}

// Module functions with a state object rather than closures: capDepth runs once a line of a million-line file.
/** `level`: how many containers hold `value`, itself included; its children are a level deeper. */
function capWalk(value: object, level: number, state: CapState): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child !== 'object' || child === null) continue;
      if (level >= state.limit) cutAt(value, i, level, state);
      else {
        state.path[level - 1] = i;
        capWalk(child, level + 1, state);
      }
    }
    return;
  }
  const record = value as Record<string, unknown>;
  // for...in rather than Object.keys: no array is allocated for each of a million objects. Parsed objects have
  // only own enumerable keys.
  for (const key in record) {
    const child = record[key];
    if (typeof child !== 'object' || child === null) continue;
    if (level >= state.limit) cutAt(record, key, level, state);
    else {
      state.path[level - 1] = key;
      capWalk(child, level + 1, state);
    }
  }
}

function cutAt(holder: object, key: PathSegment, level: number, state: CapState): void {
  const members = holder as Record<PathSegment, unknown>;
  members[key] = stringifyAnyDepth(members[key]);
  const cuts = (state.cuts ??= { count: 0, paths: [] });
  cuts.count++;
  if (cuts.paths.length < PATHS_KEPT) cuts.paths.push([...state.at, ...state.path.slice(0, level - 1), key]);
}

/** `a` and `b` together, as one count with the first few paths. */
export function joinCuts(a: DepthCuts | undefined, b: DepthCuts | undefined): DepthCuts | undefined {
  if (!a || !b) return a ?? b;
  return { count: a.count + b.count, paths: [...a.paths, ...b.paths].slice(0, PATHS_KEPT) };
}

/** Segments of a path a note names: the start says which message, the rest is hundreds of `[0]`. */
const SEGMENTS_SHOWN = 6;

/**
 * The note for values cut where the input was parsed. `lineOf`: for JSON Lines, the line of each element, which
 * names it better than its index.
 */
export function depthNote(cuts: DepthCuts, lineOf: readonly number[] = []): string {
  const where = cuts.paths.map((path) => {
    const [first, ...rest] = path;
    const line = typeof first === 'number' ? lineOf[first] : undefined;
    const segments = line === undefined ? path : rest;
    const shown = formatPath(segments.slice(0, SEGMENTS_SHOWN)) + (segments.length > SEGMENTS_SHOWN ? '…' : '');
    return line === undefined ? shown : `line ${line}${shown === '' ? '' : `, ${shown}`}`;
  });
  const more = cuts.count > cuts.paths.length ? `; and ${cuts.count - cuts.paths.length} more` : '';
  if (cuts.count === 1) return `A value at ${where[0] ?? ''} nests deeper than ${MAX_DEPTH} levels: from level ${MAX_DEPTH} on it is kept as its JSON text.`;
  return `${cuts.count} values nest deeper than ${MAX_DEPTH} levels (at ${where.join('; ')}${more}): from level ${MAX_DEPTH} on they are kept as their JSON text.`;
}

/** The note for values cut inside strings of the input, whose place the parser of that string does not know. */
export function nestedDepthNote(count: number): string {
  const what =
    count === 1
      ? 'A value inside a string of the input (tool arguments, an attribute, a Python repr) nests'
      : `${count} values inside strings of the input (tool arguments, attributes, Python reprs) nest`;
  return `${what} deeper than ${MAX_DEPTH} levels: from level ${MAX_DEPTH} on it is read as text; the string itself is kept as written.`;
}

// Values cut by parseJson and the Python literal parser, which run deep inside readers that have no notes to add
// to: counted here, and the importer takes the count around each read (one read at a time: core is synchronous).
let nestedCuts = 0;

/** `value`, parsed from a string inside the input, cut to MAX_DEPTH levels; the cuts are counted for the importer. */
export function capNested<T>(value: T): T {
  const cuts = capDepth(value);
  if (cuts) nestedCuts += cuts.count;
  return value;
}

/** Counts a value the Python literal parser kept as its text for nesting too deep. */
export function countNestedCut(): void {
  nestedCuts++;
}

/** How many nested values were cut since the last call. */
export function takeNestedCuts(): number {
  const count = nestedCuts;
  nestedCuts = 0;
  return count;
}

/**
 * JSON.stringify(value, null, indent), native when the value is shallow enough for the engine's recursion, else
 * written here without recursion. Values from the input are cut to MAX_DEPTH where they enter, so the fallback is
 * for the cut itself and for values built deeper than anyone expected.
 */
export function stringifyAnyDepth(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, null, indent);
  } catch (error) {
    // A stack overflow is a RangeError in V8 (an InternalError in Firefox); a cycle (TypeError) is not ours to fix.
    if (error instanceof TypeError) throw error;
    return writeJson(value, indent ?? 0);
  }
}

interface Frame {
  container: object;
  keys: readonly string[] | undefined;
  next: number;
  /** Members written so far (an object leaves out members that have no JSON form). */
  written: number;
}

/** JSON text as JSON.stringify writes it for plain data, with an explicit stack: any depth. Stops past `max` characters. */
export function writeJson(value: unknown, indent = 0, max = Infinity): string | undefined {
  const scalar = scalarJson(value);
  if (scalar !== null || typeof value !== 'object' || value === null) return scalar ?? undefined;
  let out = '';
  const stack: Frame[] = [];
  const onStack = new Set<object>();
  const newline = (depth: number): string => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const open = (container: object): void => {
    if (onStack.has(container)) throw new TypeError('Converting circular structure to JSON');
    onStack.add(container);
    const isArray = Array.isArray(container);
    out += isArray ? '[' : '{';
    stack.push({ container, keys: isArray ? undefined : Object.keys(container), next: 0, written: 0 });
  };
  open(value);
  while (stack.length > 0 && out.length <= max) {
    const frame = stack[stack.length - 1]!;
    const { container, keys } = frame;
    const length = keys ? keys.length : (container as unknown[]).length;
    if (frame.next >= length) {
      stack.pop();
      onStack.delete(container);
      const close = keys ? '}' : ']';
      out += frame.written > 0 ? `${newline(stack.length)}${close}` : close;
      continue;
    }
    const index = frame.next++;
    const key = keys?.[index];
    const member: unknown = key === undefined ? (container as unknown[])[index] : (container as Record<string, unknown>)[key];
    const text = scalarJson(member);
    // As JSON.stringify: an object member with no JSON form is left out, an array element becomes null.
    if (key !== undefined && text === undefined) continue;
    out += `${frame.written > 0 ? ',' : ''}${newline(stack.length)}`;
    if (key !== undefined) out += `${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}`;
    frame.written++;
    if (text === null) open(member as object);
    else out += text ?? 'null';
  }
  return out;
}

/** A scalar's JSON; null for a container (written by the caller), undefined for what has no JSON form. */
function scalarJson(value: unknown): string | null | undefined {
  if (typeof value === 'object' && value !== null) return null;
  if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  // Undefined for undefined, a function or a symbol, which lib.d.ts does not say.
  const json: string | undefined = JSON.stringify(value);
  return json;
}

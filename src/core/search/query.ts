// What the search box's text asks for (docs/page-hooks.md, "Search"): words to find ignoring case, or a regular
// expression written `/pattern/flags`. The worker searches with it and the page highlights with it, so both read
// the text the same way here.

/** Flags a `/pattern/flags` query may carry; `g` and `y` are the search's own business, `d` and `v` are left out. */
const QUERY_FLAGS = 'imsu';

export type SearchQuery =
  /** Nothing to find: every message matches. */
  | { kind: 'empty' }
  /** Text found as written, ignoring case. */
  | { kind: 'text'; text: string; pattern: RegExp }
  | { kind: 'regex'; source: string; flags: string; pattern: RegExp }
  /** `/…/` that cannot run: its syntax, or a shape that can take exponential time. */
  | { kind: 'invalid'; message: string };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/pattern/flags` split, or null when the text is not written that way (then it is searched as text). */
function regexParts(text: string): { source: string; flags: string } | null {
  if (!text.startsWith('/')) return null;
  const end = text.lastIndexOf('/');
  if (end < 2) return null;
  const flags = text.slice(end + 1);
  // `/usr/bin` is a path, not the pattern `usr` with flags `bin`: only known flags, each once, make a regex.
  for (let i = 0; i < flags.length; i++) if (!QUERY_FLAGS.includes(flags[i]!) || flags.indexOf(flags[i]!) !== i) return null;
  return { source: text.slice(1, end), flags };
}

/** After a `\`, the length of the escape (counting the `\`): `\p{L}`, `\u{1F600}` and `\k<name>` take their braces. */
function escapeLength(source: string, at: number): number {
  const next = source[at + 1];
  const close = (open: string, end: string): number => {
    if (source[at + 2] !== open) return 2;
    const stop = source.indexOf(end, at + 3);
    return stop === -1 ? 2 : stop - at + 1;
  };
  if (next === 'p' || next === 'P' || next === 'u') return close('{', '}');
  if (next === 'k') return close('<', '>');
  return 2;
}

/** The quantifier at `at` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), its length and whether it repeats (can match more than once). */
function quantifierAt(source: string, at: number): { length: number; repeats: boolean } | null {
  const c = source[at];
  if (c === '*' || c === '+') return { length: 1, repeats: true };
  if (c === '?') return { length: 1, repeats: false };
  if (c !== '{') return null;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at, at + 24));
  if (!match) return null;
  const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
  return { length: match[0].length, repeats: max > 1 };
}

/**
 * Why `source` may take exponential time, or undefined. V8's backtracking engine has no time limit, and a search
 * cannot be stopped inside one `test`: a repeated group whose inside repeats too (`(a+)+`, `(\w*x?)*`, `((ab)*c)+`:
 * star height above one, the shape of nearly every catastrophic pattern) is refused before it runs. Overlapping
 * alternatives under one repeat (`(a|a)*`) are not caught here; the worker's time budget stops those between messages.
 */
export function exponentialShape(source: string): string | undefined {
  // Per open group: whether something inside it repeats.
  const groups: boolean[] = [false];
  // The atom just read: a closed group (whether its inside repeats) or anything else.
  let last: { group: boolean; innerRepeats: boolean } | null = null;
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === '\\') {
      i += escapeLength(source, i);
      last = { group: false, innerRepeats: false };
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      last = { group: false, innerRepeats: false };
      continue;
    }
    if (c === '(') {
      groups.push(false);
      last = null;
      i++;
      continue;
    }
    if (c === ')') {
      const inner = groups.length > 1 ? groups.pop()! : false;
      if (inner) groups[groups.length - 1] = true;
      last = { group: true, innerRepeats: inner };
      i++;
      continue;
    }
    const quantifier = quantifierAt(source, i);
    if (quantifier) {
      if (quantifier.repeats && last?.group && last.innerRepeats) return 'a repeated group that repeats inside, like (a+)+, can take exponential time';
      if (quantifier.repeats) groups[groups.length - 1] = true;
      i += quantifier.length;
      // A lazy or possessive-looking `?` after a quantifier belongs to it.
      if (source[i] === '?') i++;
      last = null;
      continue;
    }
    last = c === '|' ? null : { group: false, innerRepeats: false };
    i++;
  }
  return undefined;
}

/** V8 writes `Invalid regular expression: /(/giu: Unterminated group`, naming flags the user did not write: the reason alone. */
const reasonOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return /: ([^:]+)$/.exec(message)?.[1] ?? message;
};

function compile(source: string, flags: string): RegExp | { error: string } {
  // `u` reads astral characters as one (an emoji is one match, never half of one); a pattern written for the
  // older syntax (`\-` outside a class) is read without it.
  const wanted = `g${flags}`;
  try {
    return new RegExp(source, wanted.includes('u') ? wanted : `${wanted}u`);
  } catch (error) {
    if (flags.includes('u')) return { error: reasonOf(error) };
    try {
      return new RegExp(source, wanted);
    } catch (plain) {
      return { error: reasonOf(plain) };
    }
  }
}

/** What the search box's `input` asks for. The patterns carry `g`: users reset `lastIndex` before each text. */
export function parseSearchQuery(input: string): SearchQuery {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const parts = regexParts(text);
  if (!parts) return { kind: 'text', text, pattern: new RegExp(escapeRegExp(text), 'giu') };
  const compiled = compile(parts.source, parts.flags);
  if (!(compiled instanceof RegExp)) return { kind: 'invalid', message: `Invalid regular expression: ${compiled.error}` };
  const slow = exponentialShape(parts.source);
  if (slow !== undefined) return { kind: 'invalid', message: `Refused: ${slow}. Rewrite it without the nested repeat.` };
  return { kind: 'regex', source: parts.source, flags: parts.flags, pattern: compiled };
}

/** Whether `text` holds a match of `pattern` (a `g` pattern from parseSearchQuery). */
export function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

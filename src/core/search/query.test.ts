import { describe, expect, it } from 'vitest';
import { exponentialShape, matches, parseSearchQuery, type SearchQuery } from './query';

const kindOf = (query: SearchQuery) => query.kind;
const finds = (input: string, text: string): boolean => {
  const query = parseSearchQuery(input);
  if (query.kind !== 'text' && query.kind !== 'regex') throw new Error(`${input} is ${query.kind}`);
  return matches(query.pattern, text);
};

describe('parseSearchQuery', () => {
  it('reads blank text as no search', () => {
    expect(parseSearchQuery('')).toEqual({ kind: 'empty' });
    expect(parseSearchQuery('   \t')).toEqual({ kind: 'empty' });
  });

  it('finds words as written, ignoring case and spaces around, with no character special', () => {
    expect(parseSearchQuery('  Weather now ')).toMatchObject({ kind: 'text', text: 'Weather now' });
    expect(finds('WEATHER', 'the weather today')).toBe(true);
    expect(finds('a.c', 'abc')).toBe(false);
    expect(finds('a.c', 'xa.cx')).toBe(true);
    expect(finds('(x+)+', 'f(x+)+g')).toBe(true);
    expect(finds('ÉTÉ', 'un été chaud')).toBe(true);
  });

  it('reads /pattern/flags as a regular expression, case-sensitive unless i', () => {
    expect(parseSearchQuery('/call_\\d+/')).toMatchObject({ kind: 'regex', source: 'call_\\d+', flags: '' });
    expect(finds('/call_\\d+/', 'id call_42')).toBe(true);
    expect(finds('/Weather/', 'the weather')).toBe(false);
    expect(finds('/Weather/i', 'the weather')).toBe(true);
    expect(finds('/^line two$/m', 'line one\nline two')).toBe(true);
    expect(finds('/a.b/s', 'a\nb')).toBe(true);
    expect(finds('/\\p{Script=Han}/u', '天气')).toBe(true);
    // With u, an emoji is one character: `.` takes all of it.
    expect(finds('/^.$/', '😀')).toBe(true);
  });

  it('searches text that only looks like a pattern as text', () => {
    // Not known flags: a path, not `usr` with flags `bin`.
    expect(parseSearchQuery('/usr/bin')).toMatchObject({ kind: 'text', text: '/usr/bin' });
    expect(parseSearchQuery('/unfinished')).toMatchObject({ kind: 'text' });
    expect(parseSearchQuery('//')).toMatchObject({ kind: 'text' });
    expect(parseSearchQuery('/a/ii')).toMatchObject({ kind: 'text' });
  });

  it('says why an invalid pattern cannot run, in the words of the engine without the flags it did not write', () => {
    expect(parseSearchQuery('/(/')).toEqual({ kind: 'invalid', message: 'Invalid regular expression: Unterminated group' });
    expect(parseSearchQuery('/a{2,1}/')).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/^Invalid regular expression: numbers out of order/),
    });
    expect(parseSearchQuery('/[z-a]/u')).toMatchObject({ kind: 'invalid' });
  });

  it('reads a pattern of the older syntax without u when u refuses it, unless u was asked for', () => {
    expect(kindOf(parseSearchQuery('/a\\-b/'))).toBe('regex');
    expect(finds('/a\\-b/', 'xa-b')).toBe(true);
    expect(kindOf(parseSearchQuery('/a\\-b/u'))).toBe('invalid');
  });

  it('refuses the nested repeats that take exponential time, and says so', () => {
    for (const input of ['/(a+)+$/', '/(a*)*b/', '/(\\w+\\s?)*$/', '/((ab)*c)+/', '/(?:x+y?){2,}/', '/(?<n>a+)+/', '/(a{1,5}){3,}/']) {
      const query = parseSearchQuery(input);
      expect(query, input).toMatchObject({ kind: 'invalid', message: expect.stringContaining('exponential time') });
    }
  });

  it('lets ordinary patterns run, repeats side by side and groups repeated once included', () => {
    for (const input of ['/(foo|bar)+/', '/a+b+c*/', '/(ab)+/', '/(a+)?b/', '/(a+){1}/', '/[(+*]+/', '/\\(a+\\)+/', '/\\p{L}{2,}/u', '/x{2}(y)+/']) {
      expect(kindOf(parseSearchQuery(input)), input).toBe('regex');
    }
  });
});

describe('exponentialShape', () => {
  it('reads classes and escapes as single atoms', () => {
    expect(exponentialShape('[a+]+')).toBeUndefined();
    expect(exponentialShape('[\\]+]+')).toBeUndefined();
    expect(exponentialShape('(\\d+)+')).toBeDefined();
    expect(exponentialShape('(\\u{1F600}+)+')).toBeDefined();
  });

  it('refuses a pattern that V8 is measurably catastrophic on', () => {
    // The evidence for the rule: (a+)+$ against 21 a's and a b takes V8 far longer than the same pattern without the nest.
    const text = `${'a'.repeat(21)}b`;
    const timed = (source: string): number => {
      const pattern = new RegExp(source);
      const started = performance.now();
      pattern.test(text);
      return performance.now() - started;
    };
    const nested = timed('(a+)+$');
    const flat = timed('a+$');
    expect(nested).toBeGreaterThan(flat * 10);
    expect(exponentialShape('(a+)+$')).toBeDefined();
  });
});

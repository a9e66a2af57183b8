import { describe, expect, it } from 'vitest';
import { randomChars } from '../testing/secrets';
import { blockText, codeFence, codeSpan, collapsed, htmlText, inlineText } from './markdownText';

/** Characters that mean something to Markdown or HTML somewhere, and a few plain ones, so that runs of them are drawn. */
const TRICKY = [...'\\`*_[]<>|~$&#=+-.)!( \n\t'].concat(['a', 'b', '1', '9', ';', 'é', 'http://', 'https://x.y/', '</details>', '```', '&amp;']);
const PIECE_CODES = TRICKY.map((_, i) => String.fromCharCode(65 + i)).join('');

/** Text `i` of a seeded series: up to 60 pieces of TRICKY, the same for the same `i`. */
function trickyText(i: number): string {
  const length = randomChars(1, i * 7 + 1, '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ').charCodeAt(0) % 61;
  return [...randomChars(length, i * 7 + 2, PIECE_CODES)].map((code) => TRICKY[code.charCodeAt(0) - 65]).join('');
}

/** `check` on 2,000 texts of the series; a failure names the text. */
function forEachText(check: (text: string) => void, runs = 2000): void {
  for (let i = 0; i < runs; i++) {
    const text = trickyText(i);
    try {
      check(text);
    } catch (error) {
      throw new Error(`on ${JSON.stringify(text)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** ASCII punctuation, which CommonMark lets a backslash escape. */
const PUNCTUATION = '[!"#$%&\'()*+,\\-./:;<=>?@[\\\\\\]^_`{|}~]';
/** An escaped character or an autolink, read left to right as CommonMark reads them (`\\<http://x>` is no link). */
const TOKEN = new RegExp(String.raw`\\(${PUNCTUATION})|<(https?:\/\/[^\s<>\x60]*)>`, 'g');

/** What a reader sees of escaped text: CommonMark drops the backslash before ASCII punctuation, and `<url>` shows as url. */
const shown = (markdown: string): string => markdown.replace(TOKEN, (_, char?: string, url?: string) => char ?? url ?? '').replace(/\u00a0/g, ' ');

/** Puts a mark of no meaning in place of what may stand as it is: an escaped character, an autolink. */
const bare = (markdown: string): string => markdown.replace(TOKEN, '\u0001');

/** The lines of `text` that are not blank, as blockText keeps them (trailing spaces dropped). */
const contentLines = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^[ \t]+/, (indent) => indent.replace(/\t/g, '    ')).trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');

describe('blockText', () => {
  it('shows the text as written: each line, its indentation kept', () => {
    forEachText((text) => {
      const lines = shown(blockText(text))
        .split('\n')
        .filter((line) => line !== '')
        .join('\n');
      expect(lines).toBe(contentLines(text));
    });
  });

  it('leaves no character that starts a tag, entity, code span, emphasis, link, table cell, strikethrough or math', () => {
    forEachText((text) => {
      const rest = bare(blockText(text));
      expect(rest).not.toMatch(/[`*[\]<|~$]/);
      // `_` only inside a word, where GFM does not emphasise; `&` only where it names no entity.
      expect(rest).not.toMatch(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u);
      expect(rest).not.toMatch(/&#?[\p{L}\p{N}]+;/u);
    });
  });

  it('starts no block: no heading, quote, list, rule, setext underline or indented code', () => {
    forEachText((text) => {
      for (const line of blockText(text).split('\n')) {
        expect(line).not.toMatch(/^ {0,3}[#>+=-]/);
        expect(line).not.toMatch(/^ {0,3}\d+[.)]/);
        expect(line).not.toMatch(/^( {4}|\t)/);
      }
    });
  });

  it('escapes what would be HTML, a link, emphasis and a heading', () => {
    expect(blockText('# Title\n<script>alert(1)</script> [x](javascript:alert(1)) *a* __b__ snake_case')).toBe(
      '\\# Title\n\\<script>alert(1)\\</script> \\[x\\](javascript:alert(1)) \\*a\\* \\_\\_b\\_\\_ snake_case',
    );
    expect(blockText('1. one\n2) two\n> quote\n- item\n===\n&lt;b&gt; & done')).toBe('1\\. one\n2\\) two\n\\> quote\n\\- item\n\\===\n\\&lt;b\\&gt; & done');
  });

  it('writes web addresses as autolinks, so that no escape ends up inside a link, and trims what ends the sentence', () => {
    expect(blockText('see https://a.b/~u/x_y*z(1). and (https://c.d/e) now')).toBe('see <https://a.b/~u/x_y*z(1)>. and (<https://c.d/e>) now');
    expect(blockText('https://x.y/<script>')).toBe('<https://x.y/>\\<script>');
  });

  it('keeps indentation as no-break spaces and paragraphs apart, at most one blank line between them', () => {
    expect(blockText('a\n    b\n\tc\n\n\n\nd')).toBe('a\n\u00a0\u00a0\u00a0\u00a0b\n\u00a0\u00a0\u00a0\u00a0c\n\nd');
  });
});

describe('inlineText', () => {
  it('is one line, escaped', () => {
    expect(inlineText(' a\nb\r\n# c <i> ')).toBe('a b # c \\<i>');
    forEachText((text) => {
      expect(inlineText(text)).not.toContain('\n');
    });
  });
});

/** The code blocks of `markdown` as CommonMark reads them: a run of three or more backticks opens, a line of at least as many closes. */
function fencedBodies(markdown: string): { info: string; body: string }[] {
  const blocks: { info: string; body: string }[] = [];
  let open: { fence: number; info: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      const close = /^ {0,3}(`+)\s*$/.exec(line);
      if (close && close[1]!.length >= open.fence) {
        blocks.push({ info: open.info, body: open.lines.join('\n') });
        open = undefined;
      } else open.lines.push(line);
      continue;
    }
    const start = /^ {0,3}(`{3,})([^`]*)$/.exec(line);
    if (start) open = { fence: start[1]!.length, info: start[2]!.trim(), lines: [] };
  }
  if (open) blocks.push({ info: open.info, body: open.lines.join('\n') });
  return blocks;
}

describe('codeFence', () => {
  it('holds any text: the block ends where it was written to, with the text inside as it was', () => {
    forEachText((first) => {
      const second = trickyText(first.length + 5000);
      let body = first.replace(/\r\n?/g, '\n');
      while (body.endsWith('\n')) body = body.slice(0, -1);
      const document = `${codeFence(first, 'text')}\n\nafter\n\n${codeFence(second, 'json')}`;
      const blocks = fencedBodies(document);
      expect(blocks).toHaveLength(2);
      expect(blocks[0]).toEqual({ info: 'text', body });
    });
  });

  it('is one backtick longer than the longest run inside, three at least', () => {
    expect(codeFence('a', 'json')).toBe('```json\na\n```');
    expect(codeFence('x\n`````\ny', 'text')).toBe('``````text\nx\n`````\ny\n``````');
  });
});

describe('codeSpan', () => {
  it('is delimited by more backticks than any run inside, padded when the text starts or ends with one', () => {
    expect(codeSpan('call_1')).toBe('`call_1`');
    expect(codeSpan('a``b')).toBe('```a``b```');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
    expect(codeSpan('a\nb')).toBe('`a b`');
  });
});

describe('collapsed', () => {
  it('puts the summary through HTML escaping and the body between blank lines', () => {
    expect(htmlText('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    expect(collapsed('Output </summary>', '```\nx\n```')).toBe('<details><summary>Output &lt;/summary&gt;</summary>\n\n```\nx\n```\n\n</details>');
  });
});

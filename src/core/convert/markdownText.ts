// Writing text the user loaded into GitHub-flavoured Markdown so that it shows as written and cannot change
// the document around it: no HTML tag, entity, link, emphasis, heading, list, quote, table or code block of
// its own, and no way out of a code fence or a <details> block. CommonMark lets any ASCII punctuation be
// escaped with a backslash (spec 0.31.2, "Backslash escapes"); only the characters that can start something
// are escaped, so prose stays readable where Markdown is not rendered (a chat pasted raw).

/**
 * Characters escaped anywhere: they start code spans, emphasis, links, HTML, quotes, strikethrough, table
 * cells, and on GitHub math (`$`, which GitHub's docs say to escape as `\$`).
 */
const ALWAYS = /[\\`*[\]<|~$]/g;

/** `_` emphasises only at a word's edge (GFM's intraword rule), so `snake_case` is left alone. */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** `&amp;`, `&#60;`: an entity would show as the character it names rather than as written. */
const ENTITY_LIKE = /&(?=#?[\p{L}\p{N}]+;)/gu;

/**
 * What may start a block at a line's start once the characters above are escaped: ATX headings (`#`), block
 * quotes (`>`; elsewhere `>` closes only what an escaped `<` would have opened), list items (`-`, `+`, `1.`,
 * `1)`), setext underlines and thematic breaks (`=`, `-`).
 */
const LINE_START = /^(?:[#>=+-]|\d{1,9}(?=[.)]))/;

/**
 * A web address, up to a space or `<` or `>`. GFM links such text by itself (its "autolinks (extension)"), and
 * a backslash escape inside it would become part of the link; it is written as an autolink `<…>` instead,
 * whose content Markdown does not read (CommonMark, "Autolinks").
 */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>`]+/g;
/** Punctuation that ends a sentence rather than the address (as GFM trims it). */
const URL_TRAILING = new Set('.,:;!?\'"*_~');

const NBSP = '\u00a0';

/** Inline text: escaped, one line (line breaks become spaces), for list items and headings of our own. */
export function inlineText(text: string): string {
  return escapeLine(text.replace(/\r\n?|\n/g, ' ').trim());
}

/**
 * Text of several lines, as paragraphs: each line escaped, blank lines kept (they separate paragraphs).
 * Leading spaces become no-break spaces, so indentation shows and never makes an indented code block.
 */
export function blockText(text: string): string {
  const escaped = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
      const rest = line.slice(indent.length);
      if (rest === '') return '';
      return indent.replace(/\t/g, '    ').replace(/ /g, NBSP) + escapeLine(rest).trimEnd();
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  return trimNewlines(escaped);
}

function escapeLine(line: string): string {
  let out = '';
  let from = 0;
  for (const match of line.matchAll(WEB_ADDRESS)) {
    const url = withoutTrailing(match[0]);
    out += escapeText(line.slice(from, match.index)) + `<${url}>`;
    from = match.index + url.length;
  }
  out += escapeText(line.slice(from));
  return out.replace(LINE_START, (start) => (/^\d/.test(start) ? `${start}\\` : `\\${start}`));
}

const escapeText = (text: string): string => text.replace(ALWAYS, '\\$&').replace(EDGE_UNDERSCORE, '\\_').replace(ENTITY_LIKE, '\\&');

/** The address without the punctuation after it, and without a `)` it did not open (`(see https://x.y/z)`). */
function withoutTrailing(url: string): string {
  let open = 0;
  let close = 0;
  for (const char of url) {
    if (char === '(') open += 1;
    else if (char === ')') close += 1;
  }
  let end = url.length;
  for (;;) {
    const last = url[end - 1] ?? '';
    if (URL_TRAILING.has(last)) end -= 1;
    else if (last === ')' && close > open) {
      end -= 1;
      close -= 1;
    } else break;
  }
  return url.slice(0, end);
}

/** `text` without line breaks at its start and end, or its end only (a loop: a regular expression for it is quadratic on input). */
function trimNewlines(text: string, where: 'both' | 'end' = 'both'): string {
  let start = 0;
  let end = text.length;
  while (where === 'both' && start < end && text[start] === '\n') start += 1;
  while (end > start && text[end - 1] === '\n') end -= 1;
  return text.slice(start, end);
}

/**
 * A code span around `text`: delimited by one backtick more than its longest run (CommonMark, "Code spans"),
 * padded with a space when it starts or ends with a backtick, on one line.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, ' ');
  const ticks = '`'.repeat(longestRun(flat, '`') + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/**
 * A fenced code block: its fence one backtick longer than the longest run in `text` and at least three
 * (CommonMark, "Fenced code blocks": a fence closes only on a run at least as long), so no line of the text
 * can close it. The info string is ours (`json`, `text`).
 */
export function codeFence(text: string, info: string): string {
  const body = trimNewlines(text.replace(/\r\n?/g, '\n'), 'end');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}

/** For `<summary>` and other raw HTML of ours: Markdown is not read there, HTML is. */
export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A block the reader opens: `<details>` with its summary, a blank line so GitHub reads the body as
 * Markdown again, the body, and the closing tag after another blank line. The body is ours: escaped text or
 * a code fence, neither of which can hold a raw `</details>`.
 */
export function collapsed(summary: string, body: string): string {
  return `<details><summary>${htmlText(summary)}</summary>\n\n${body}\n\n</details>`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === char) {
      run += 1;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return longest;
}

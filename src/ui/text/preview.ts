/** A prefix of `text` to put in the DOM, and how many characters it leaves out. */
export interface Preview {
  text: string;
  omitted: number;
}

/** Cuts `text` after `maxChars` characters or `maxLines` lines, whichever comes first. */
export function previewText(text: string, maxChars: number, maxLines = Infinity): Preview {
  let end = Math.min(text.length, maxChars);
  let newlines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++newlines === maxLines) {
      end = i;
      break;
    }
  }
  // Never split a surrogate pair: half an emoji renders as a replacement glyph.
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), omitted: text.length - end };
}

const integer = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return integer.format(n);
}

/** `1 message`, `3 messages`. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : nouns}`;
}

/** Sizes of text the page leaves out, e.g. `12.4k characters`. */
export function formatChars(n: number): string {
  if (n < 10_000) return plural(n, 'character');
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k characters`;
  return `${(n / 1_000_000).toFixed(1)}M characters`;
}

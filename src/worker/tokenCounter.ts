// Counts tokens with a real tokenizer (gpt-tokenizer's o200k_base, the encoding of OpenAI's current models), loaded
// the first time a count is asked for: its tables are about 1 MB of code that neither the first paint nor the
// import needs. Counts for other providers' models are estimates of the same order (their tokenizers are not public).

export type TokenCounter = (text: string) => number;

let counter: Promise<TokenCounter> | undefined;

/** The counter, loading the tokenizer on first use. */
export function loadTokenCounter(): Promise<TokenCounter> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then(
    ({ countTokens }) =>
      (text: string) =>
        text === '' ? 0 : countTokens(text),
  );
  return counter;
}

/** The encoding the counts are made with, as the page names it. */
export const TOKEN_ENCODING = 'o200k_base';

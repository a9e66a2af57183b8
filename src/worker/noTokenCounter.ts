// The single HTML file's stand-in for tokenCounter.ts (vite.standalone.config.ts puts it in its place): the
// tokenizer's tables would be 2.9 MB of that file's 3.7 MB, and a file made to be sent carries the history, not
// them. Token estimates and context composition then say why they are missing; everything else works.
import type { TokenCounter } from './tokenCounter';

export const TOKEN_ENCODING = 'o200k_base';

export function loadTokenCounter(): Promise<TokenCounter> {
  return Promise.reject(
    new Error('The single HTML file leaves the tokenizer out (it would triple the file): open this history in msgscope to count its tokens.'),
  );
}

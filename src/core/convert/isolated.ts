// A message an export cannot write must not lose the others: each is converted on its own, and one that throws
// is left out with the reason in `lost` (the target's list of what it could not carry).
import type { Message } from '../model';
import type { Lost } from '../providers/lost';

/** Characters of an error's message quoted in a loss line. */
const WHY_CHARS = 200;

/** The error, cut, in parentheses: `(RangeError: ...)`. */
export function whyFailed(error: unknown): string {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `(${why.length > WHY_CHARS ? `${why.slice(0, WHY_CHARS - 1)}…` : why})`;
}

/** What failed, for a loss line: the same failure on many messages makes one line. */
export const failedWith = (error: unknown): string => `could not be converted ${whyFailed(error)}; left out`;

/** `convert(m, i)` for each message, in order; a message whose conversion throws is left out and said in `lost`. */
export function convertEach<T>(messages: readonly Message[], lost: Lost, convert: (m: Message, i: number) => T | undefined): T[] {
  const out: T[] = [];
  messages.forEach((m, i) => {
    let converted: T | undefined;
    try {
      converted = convert(m, i);
    } catch (error) {
      lost.add(m.index, failedWith(error));
      return;
    }
    if (converted !== undefined) out.push(converted);
  });
  return out;
}

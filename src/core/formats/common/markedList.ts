// Detection for formats whose messages look like the generic role/content dicts most of the time
// (an AI SDK user message is `{role: "user", content: "hi"}`): the format is claimed only when some
// element carries a mark no other format has, and none contradicts it.
import type { ParsedInput } from '../types';
import type { MessageList } from './messageList';

/** `marked`: only this format writes it; `plain`: shared with generic dicts (or unreadable); `foreign`: not this format. */
export type Mark = 'marked' | 'plain' | 'foreign';

/**
 * Elements looked at: marks are often absent from a long plain-text opening, and a history read by
 * the generic adapter instead would lose its tool calls. Classifying is cheap next to reading.
 */
const SAMPLE_SIZE = 200;

/** `score` when a sampled element is marked and none is foreign, else 0. JSON Lines bad lines are skipped. */
export function scoreMarked(input: ParsedInput, found: MessageList | undefined, classify: (element: unknown) => Mark, score: number): number {
  if (!found) return 0;
  let marked = false;
  let sampled = 0;
  for (let i = 0; i < found.list.length && sampled < SAMPLE_SIZE; i++) {
    if (input.lineErrors?.has(i)) continue;
    sampled++;
    const mark = classify(found.list[i]);
    if (mark === 'foreign') return 0;
    if (mark === 'marked') marked = true;
  }
  return marked ? score : 0;
}

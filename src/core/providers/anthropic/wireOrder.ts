// Where the blocks of an Anthropic assistant message stood. The reader takes server tools' results
// out of the message into tool messages of their own, right after it; the exports put them back in
// their place, or say that they cannot.
import { isRecord } from '../../json/value';
import type { Message } from '../../model';

/** The content list of the wire message an AI message was read from, when it is at hand. */
export function wireContent(m: Message): readonly unknown[] | undefined {
  return isRecord(m.raw) && Array.isArray(m.raw.content) ? m.raw.content : undefined;
}

/** Each value's first index in `list`, as indexOf finds it, in one pass. */
export function firstIndexes(list: readonly unknown[]): Map<unknown, number> {
  const at = new Map<unknown, number>();
  list.forEach((value, i) => {
    if (!at.has(value)) at.set(value, i);
  });
  return at;
}

/** Where each value stands in a wire content list (firstIndexes). */
export type WirePositions = (content: readonly unknown[]) => ReadonlyMap<unknown, number>;

/**
 * firstIndexes, built once per list for one export: messages split from one wire message share its list
 * (a msgscope file's `rawOf` shares it among any number of messages), and built for each of them it made
 * the export quadratic. Held by the export, not the module: a history's worth of maps is not kept.
 */
export function wirePositions(): WirePositions {
  const built = new WeakMap<readonly unknown[], Map<unknown, number>>();
  return (content) => {
    let at = built.get(content);
    if (at === undefined) built.set(content, (at = firstIndexes(content)));
    return at;
  };
}

/**
 * The tool messages right after AI message `ai` whose block stood inside it, with that block's position in its content.
 * Positions are looked up, not searched for: an indexOf per result made a message of n results quadratic.
 */
export function resultsInside(messages: readonly Message[], ai: Message, positions: WirePositions): { message: Message; at: number }[] {
  const content = wireContent(ai);
  if (content === undefined) return [];
  const found: { message: Message; at: number }[] = [];
  for (let j = ai.index + 1; j < messages.length; j++) {
    const m = messages[j];
    const at = m?.role === 'tool' ? positions(content).get(m.raw) : undefined;
    if (m === undefined || at === undefined) break;
    found.push({ message: m, at });
  }
  return found;
}

// Where the blocks of an Anthropic assistant message stood. The reader takes server tools' results
// out of the message into tool messages of their own, right after it; the exports put them back in
// their place, or say that they cannot.
import { isRecord } from '../../json/value';
import type { Message } from '../../model';

/** The content list of the wire message an AI message was read from, when it is at hand. */
export function wireContent(m: Message): readonly unknown[] | undefined {
  return isRecord(m.raw) && Array.isArray(m.raw.content) ? m.raw.content : undefined;
}

/** The tool messages right after AI message `ai` whose block stood inside it, with that block's position in its content. */
export function resultsInside(messages: readonly Message[], ai: Message): { message: Message; at: number }[] {
  const content = wireContent(ai);
  if (content === undefined) return [];
  const found: { message: Message; at: number }[] = [];
  for (let j = ai.index + 1; j < messages.length; j++) {
    const m = messages[j];
    const at = m?.role === 'tool' ? content.indexOf(m.raw) : -1;
    if (m === undefined || at < 0) break;
    found.push({ message: m, at });
  }
  return found;
}

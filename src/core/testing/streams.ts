// Helpers for the stream readers' tests: a stream imported through importText, and the same events
// written another way (JSON Lines, SSE) to show the framing does not change the reading.
import { importText, locateMessages } from '../import';
import { parseInput } from '../json/parseInput';
import type { Conversation, Transcript } from '../model';

/** `text` imported with detection, every message located; a failed import fails the test. */
export function imported(text: string): { transcript: Transcript; conversations: Conversation[] } {
  const result = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  const conversations = result.conversations ?? [{ label: '', transcript: result.transcript }];
  for (const { transcript } of conversations) locateMessages(text, transcript.messages);
  return { transcript: result.transcript, conversations };
}

/** The events of `text` (SSE, JSON Lines or a JSON array), as parseInput reads them. */
export function eventsOf(text: string): unknown[] {
  const result = parseInput(text);
  if (!result.ok || !Array.isArray(result.input.value)) throw new Error('not a list of events');
  return result.input.value;
}

/** The events one a line. */
export const asJsonLines = (events: readonly unknown[]): string => events.map((event) => JSON.stringify(event)).join('\n');

/** The events as SSE: `event: <type>` when they have one, `data: <json>`, a blank line after each. */
export const asSse = (events: readonly unknown[], done = false): string =>
  events
    .map((event) => {
      const type = typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string' ? `event: ${event.type}\n` : '';
      return `${type}data: ${JSON.stringify(event)}\n\n`;
    })
    .join('') + (done ? 'data: [DONE]\n\n' : '');

/** Role, text and calls of each message: what a reading shows, without where it was found. */
export const shown = (t: Transcript) =>
  t.messages.map((m) => ({
    role: m.role,
    text: m.text,
    kinds: m.content.map((b) => b.kind),
    calls: m.toolCalls.map((c) => [c.id, c.name, c.args]),
    result: m.toolCallId,
  }));

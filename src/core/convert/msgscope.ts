// msgscope's own JSON: the normalized messages with every field, raw included, so a history read
// from any format can be saved and reopened as it was read.
import type { Message, Transcript } from '../model';

export const MSGSCOPE_FORMAT = 'msgscope';
/** Raised when a field changes meaning; the importer refuses versions it does not know. */
export const MSGSCOPE_VERSION = 1;

export function toMsgscope(t: Transcript): unknown {
  return {
    format: MSGSCOPE_FORMAT,
    version: MSGSCOPE_VERSION,
    // What the source was decides what is wrong with it (a lone response waits for its calls' results).
    source: { format: t.format, label: t.formatLabel, kind: t.kind },
    messages: rawOnce(t.messages),
  };
}

/**
 * Messages split from one wire message (`turn` set) share its raw value: written whole once, with the first of
 * them; the others say whose it is (`rawOf`: that message's index). Written out each time, a wire message split
 * in n would be exported n times: an export is then at most about twice its input.
 */
function rawOnce(messages: readonly Message[]): readonly unknown[] {
  const firstWith = new Map<unknown, number>();
  let copied: unknown[] | undefined;
  messages.forEach((message, i) => {
    if (message.turn === undefined || typeof message.raw !== 'object' || message.raw === null) return;
    const first = firstWith.get(message.raw);
    if (first === undefined) {
      firstWith.set(message.raw, i);
      return;
    }
    copied ??= [...messages];
    copied[i] = { ...message, raw: undefined, rawOf: first };
  });
  return copied ?? messages;
}

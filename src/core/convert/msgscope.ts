// msgscope's own JSON: the normalized messages with every field, raw included, so a history read
// from any format can be saved and reopened as it was read.
import type { Transcript } from '../model';

export const MSGSCOPE_FORMAT = 'msgscope';
/** Raised when a field changes meaning; the importer refuses versions it does not know. */
export const MSGSCOPE_VERSION = 1;

export function toMsgscope(t: Transcript): unknown {
  return {
    format: MSGSCOPE_FORMAT,
    version: MSGSCOPE_VERSION,
    // What the source was decides what is wrong with it (a lone response waits for its calls' results).
    source: { format: t.format, label: t.formatLabel, kind: t.kind },
    messages: t.messages,
  };
}

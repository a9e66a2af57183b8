import type { Conversation, ImportResult, Transcript } from '../core/model';

type Read = Extract<ImportResult, { ok: true }>;

/** The conversations of a collection, one line each, for the message that lists what `--conversation` takes. */
function listed(conversations: readonly Conversation[]): string {
  return conversations.map(({ label, transcript }, i) => `  ${i + 1}  ${label} (${transcript.messages.length} messages)\n`).join('');
}

/**
 * The conversation `--conversation` names (its 1-based position or its label), as a one-conversation reading;
 * the whole reading when none is named. An error text when the name matches none.
 */
export function pickConversation(read: Read, wanted: string | undefined, source: string): { transcript: Transcript; conversations?: Conversation[] } | string {
  if (wanted === undefined) return read;
  const conversations = read.conversations ?? [{ label: 'conversation', transcript: read.transcript }];
  const position = /^\d+$/.test(wanted) ? Number(wanted) - 1 : -1;
  const chosen = conversations[position] ?? conversations.find((c) => c.label === wanted);
  if (chosen) return { transcript: chosen.transcript };
  return `msgscope: ${source}: no conversation "${wanted}"; it holds ${conversations.length}:\n${listed(conversations)}`;
}

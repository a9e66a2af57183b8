import type { Transcript } from '../core/model';

/** The selected message, plus what selected it when that narrows what to highlight. */
export interface Selection {
  index: number;
  /** The one link to highlight (a clicked chip or finding); otherwise every link of the message is. */
  toolCallId?: string;
  /** Other messages to highlight, e.g. those a finding concerns. */
  related?: number[];
}

export interface Highlight {
  messages: ReadonlySet<number>;
  toolCallIds: ReadonlySet<string>;
}

function linkIdsOf(transcript: Transcript, index: number): string[] {
  const message = transcript.messages[index];
  if (!message) return [];
  const ids = [...message.toolCalls, ...message.invalidToolCalls].map((call) => call.id);
  if (message.toolCallId !== undefined) ids.push(message.toolCallId);
  return ids.filter((id): id is string => id !== undefined);
}

/** Cards and links to emphasize: both ends of the hovered link and of the selection's links. */
export function computeHighlight(
  transcript: Transcript | null,
  selection: Selection | null,
  hoverToolCallId: string | null,
): Highlight {
  const toolCallIds = new Set<string>();
  const messages = new Set<number>();
  if (!transcript) return { messages, toolCallIds };
  if (hoverToolCallId !== null) toolCallIds.add(hoverToolCallId);
  if (selection) {
    const ids = selection.toolCallId !== undefined ? [selection.toolCallId] : linkIdsOf(transcript, selection.index);
    for (const id of ids) toolCallIds.add(id);
    for (const index of selection.related ?? []) messages.add(index);
  }
  for (const id of toolCallIds) {
    const link = transcript.links.get(id);
    if (!link) continue;
    for (const call of link.calls) messages.add(call.messageIndex);
    for (const result of link.results) messages.add(result);
  }
  return { messages, toolCallIds };
}

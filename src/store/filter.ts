import type { Role, Transcript } from '../core/model';
import type { TranscriptIndex } from './transcriptIndex';

/** The message indices the timeline shows, in order: roles not hidden and text matching the query. */
export function visibleMessages(
  transcript: Transcript,
  index: TranscriptIndex,
  hiddenRoles: readonly Role[],
  query: string,
): number[] {
  const needle = query.trim().toLowerCase();
  const visible: number[] = [];
  for (const message of transcript.messages) {
    if (hiddenRoles.includes(message.role)) continue;
    if (needle && !index.searchText(message.index).includes(needle)) continue;
    visible.push(message.index);
  }
  return visible;
}

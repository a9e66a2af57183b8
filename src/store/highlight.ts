import type { TranscriptView } from '../protocol/workerApi';
import type { Selection } from './selectionSlice';

export interface Highlight {
  messages: ReadonlySet<number>;
  toolCallIds: ReadonlySet<string>;
}

const linkIndexCache = new WeakMap<TranscriptView, Map<string, number>>();

/** Link index by tool call id, built the first time something is highlighted. */
export function linkIndexOf(view: TranscriptView): Map<string, number> {
  let index = linkIndexCache.get(view);
  if (!index) {
    index = new Map(view.links.ids.map((id, i) => [id, i]));
    linkIndexCache.set(view, index);
  }
  return index;
}

/** Cards and links to emphasize: both ends of the hovered link and of the selection's links. */
export function computeHighlight(view: TranscriptView | null, selection: Selection | null, hoverToolCallId: string | null): Highlight {
  const toolCallIds = new Set<string>();
  const messages = new Set<number>();
  if (!view) return { messages, toolCallIds };
  const { links } = view;
  const linkIndices: number[] = [];
  const byId = (id: string): void => {
    const link = linkIndexOf(view).get(id);
    if (link !== undefined) linkIndices.push(link);
  };
  if (hoverToolCallId !== null) byId(hoverToolCallId);
  if (selection) {
    if (selection.toolCallId !== undefined) byId(selection.toolCallId);
    else linkIndices.push(...links.messageLinks.subarray(links.messageLinkStart[selection.index], links.messageLinkStart[selection.index + 1]));
    for (const index of selection.related ?? []) messages.add(index);
  }
  for (const link of linkIndices) {
    toolCallIds.add(links.ids[link]!);
    for (let k = links.callStart[link]!; k < links.callStart[link + 1]!; k++) messages.add(links.callMessages[k]!);
    for (let k = links.resultStart[link]!; k < links.resultStart[link + 1]!; k++) messages.add(links.resultMessages[k]!);
  }
  return { messages, toolCallIds };
}

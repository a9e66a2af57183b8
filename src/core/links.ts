import { IdIndex } from './idIndex';
import type { Message, ToolLink } from './model';

type CallRef = ToolLink['calls'][number];

/**
 * Every tool call id with the AI messages that issued it and the tool messages that answer it.
 * One pass over messages and calls. Entries of `invalidToolCalls` with an id count as calls too:
 * LangChain answers them with error ToolMessages, which would otherwise look like orphans.
 */
export function linkToolCalls(messages: readonly Message[]): Map<string, ToolLink> {
  // Ids are numbered first and the Map built once at the end: one Map insertion per id instead of
  // a Map lookup per call and result.
  const ids = new IdIndex(messages.length);
  const found: ToolLink[] = [];
  // A link starts with its first call or result in place: an empty array's first push reserves
  // room for 17, and most ids have one call and one result.
  const addCall = (id: string, call: CallRef): void => {
    const number = ids.add(id);
    const link = found[number];
    if (link === undefined) found.push({ id, calls: [call], results: [] });
    else link.calls.push(call);
  };
  for (const m of messages) {
    for (let callIndex = 0; callIndex < m.toolCalls.length; callIndex++) {
      const id = m.toolCalls[callIndex]?.id;
      if (id !== undefined) addCall(id, { messageIndex: m.index, callIndex });
    }
    for (let callIndex = 0; callIndex < m.invalidToolCalls.length; callIndex++) {
      const id = m.invalidToolCalls[callIndex]?.id;
      if (id !== undefined) addCall(id, { messageIndex: m.index, callIndex, invalid: true });
    }
    const id = m.toolCallId;
    if (id === undefined) continue;
    const link = found[ids.add(id)];
    if (link === undefined) found.push({ id, calls: [], results: [m.index] });
    else link.results.push(m.index);
  }
  const links = new Map<string, ToolLink>();
  for (const link of found) links.set(link.id, link);
  return links;
}

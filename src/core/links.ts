import { IdIndex } from './idIndex';
import type { Message, ToolLink, ToolLinks } from './model';

type CallRef = ToolLink['calls'][number];

/**
 * Every tool call id with the AI messages that issued it and the tool messages that answer it.
 * One pass over messages and calls. Entries of `invalidToolCalls` with an id count as calls too:
 * LangChain answers them with error ToolMessages, which would otherwise look like orphans. Ids are
 * numbered in an IdIndex rather than put in a Map: a Map of 400k ids costs half a second to fill.
 */
export function linkToolCalls(messages: readonly Message[]): ToolLinks {
  const ids = new IdIndex(messages.length / 2);
  const found: ToolLink[] = [];
  // The links of the last message with calls: a result nearly always answers one of them, and
  // comparing its id with those few (just read, so still in cache) beats a table lookup.
  const recent: ToolLink[] = [];
  // Where in `recent` the next result's call probably is: results come in call order.
  let next = 0;
  // Counted here rather than in a walk of its own: each walk over a million messages costs 0.1-0.2 s.
  let callCount = 0;
  // Arrays start as literals holding their first element: a push onto an empty array reserves room
  // for 17, and most ids have one call and one result.
  const addCall = (id: string, call: CallRef): void => {
    const number = ids.add(id);
    let link = found[number];
    if (link === undefined) found.push((link = { id, calls: [call], results: [] }));
    else if (link.calls.length === 0) link.calls = [call];
    else link.calls.push(call);
    recent.push(link);
  };
  for (const m of messages) {
    if (m.toolCalls.length > 0 || m.invalidToolCalls.length > 0) {
      recent.length = 0;
      next = 0;
    }
    callCount += m.toolCalls.length + m.invalidToolCalls.length;
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
    let link = recent[next];
    if (link?.id === id) next++;
    else link = recentLink(recent, id) ?? found[ids.add(id)];
    if (link === undefined) found.push({ id, calls: [], results: [m.index] });
    else if (link.results.length === 0) link.results = [m.index];
    else link.results.push(m.index);
  }
  return {
    values: () => found,
    callCount,
    get(id) {
      const number = ids.get(id);
      return number < 0 ? undefined : found[number];
    },
  };
}

/** Past this many calls in one message, a result the order did not predict is looked up in the table: scanning them all for each result is quadratic. */
const RECENT_SCAN = 8;

function recentLink(recent: readonly ToolLink[], id: string): ToolLink | undefined {
  if (recent.length > RECENT_SCAN) return undefined;
  for (const link of recent) if (link.id === id) return link;
  return undefined;
}

import type { Message, ToolLink } from './model';

/**
 * Every tool call id with the AI messages that issued it and the tool messages that answer it.
 * One pass over messages and calls. Entries of `invalidToolCalls` with an id count as calls too:
 * LangChain answers them with error ToolMessages, which would otherwise look like orphans.
 */
export function linkToolCalls(messages: readonly Message[]): Map<string, ToolLink> {
  const links = new Map<string, ToolLink>();
  const linkOf = (id: string): ToolLink => {
    let link = links.get(id);
    if (link === undefined) {
      link = { id, calls: [], results: [] };
      links.set(id, link);
    }
    return link;
  };
  for (const m of messages) {
    for (let callIndex = 0; callIndex < m.toolCalls.length; callIndex++) {
      const id = m.toolCalls[callIndex]?.id;
      if (id !== undefined) linkOf(id).calls.push({ messageIndex: m.index, callIndex });
    }
    for (let callIndex = 0; callIndex < m.invalidToolCalls.length; callIndex++) {
      const id = m.invalidToolCalls[callIndex]?.id;
      if (id !== undefined) linkOf(id).calls.push({ messageIndex: m.index, callIndex, invalid: true });
    }
    if (m.toolCallId !== undefined) linkOf(m.toolCallId).results.push(m.index);
  }
  return links;
}

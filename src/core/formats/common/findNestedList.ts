// Session and thread states keep their history under keys named after the provider that stored it
// (Agent Framework .NET `stateBag.InMemoryChatHistoryProvider.messages`, Python
// `chat_message_store_state.messages`), so the list is searched for rather than looked up.
import type { PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
import type { MessageList } from './messageList';

/** Objects visited at most: a hostile input with thousands of keys stays cheap to detect. */
const MAX_VISITS = 1000;

/**
 * The first non-empty `messages` list whose first element `accept`s, breadth-first through nested
 * objects (never into arrays) at most `maxDepth` levels down; an unrelated `messages` field is skipped.
 */
export function findNestedList(value: unknown, accept: (element: unknown) => boolean, maxDepth = 4): MessageList | undefined {
  let level: { node: Record<string, unknown>; path: PathSegment[] }[] = isRecord(value) ? [{ node: value, path: [] }] : [];
  let visits = 0;
  for (let depth = 0; depth <= maxDepth && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { node, path } of level) {
      if (++visits > MAX_VISITS) return undefined;
      const list = node.messages;
      if (Array.isArray(list) && list.length > 0 && accept(list[0])) return { list, path: [...path, 'messages'] };
      for (const [key, child] of Object.entries(node)) if (isRecord(child)) next.push({ node: child, path: [...path, key] });
    }
    level = next;
  }
  return undefined;
}

// Responses items that live inside a wrapper of their own (a Codex rollout line, an Agents SDK RunItem),
// read by the Responses item reader and then given back the wrapper: a draft's raw is what the file
// holds at that place, and its path is the wrapper's, not the position in the list handed to readItems.
import type { MessageDraft } from '../types';
import { readItems } from './openaiResponsesItems';

export interface PlacedItem<Extra = undefined> {
  /** The Responses item as readItems reads it (possibly a normalized copy of what the file holds). */
  item: Record<string, unknown>;
  /** The item as the file holds it, when `item` is a copy: a call's raw. */
  source?: unknown;
  /** What the file holds for it: the line, the RunItem. */
  raw: unknown;
  path: string;
  /** What the caller attaches to the messages that start with this item (a time, a model). */
  extra: Extra;
}

export interface PlacedDraft<Extra> {
  draft: MessageDraft;
  /** The item the message starts with (every message starts with one: items are records). */
  first: PlacedItem<Extra> | undefined;
}

/** The messages readItems makes of the items, in order, each placed back where its items are. */
export function readPlacedItems<Extra>(placed: readonly PlacedItem<Extra>[]): PlacedDraft<Extra>[] {
  const byItem = new Map<unknown, PlacedItem<Extra>>(placed.map((entry) => [entry.item, entry]));
  const out: PlacedDraft<Extra>[] = [];
  for (const draft of readItems({ items: placed.map((entry) => entry.item), path: [] })) {
    // A turn of several items keeps them as a list; every other message keeps its one item.
    const items: unknown[] = Array.isArray(draft.raw) && draft.raw.every((item) => byItem.has(item)) ? draft.raw : [draft.raw];
    const entries = items.flatMap((item) => byItem.get(item) ?? []);
    const [first] = entries;
    if (first !== undefined) {
      draft.raw = entries.length === 1 ? first.raw : entries.map((entry) => entry.raw);
      draft.location = { path: first.path };
    }
    for (const call of draft.toolCalls) {
      const source = byItem.get(call.raw)?.source;
      if (source !== undefined) call.raw = source;
    }
    out.push({ draft, first });
  }
  return out;
}

// How much of what the user opened this browser keeps (recentHistories.ts): pure, so the choice of what to
// drop is tested without a browser.

/** At most this many histories are kept, the newest first. */
export const RECENT_ENTRIES = 10;
/** A history larger than this is not kept (it still opens; a reload then shows the one before it). */
export const RECENT_ENTRY_BYTES = 100_000_000;
/** All kept histories together; past it, the oldest go. */
export const RECENT_TOTAL_BYTES = 250_000_000;

export interface Kept {
  id: string;
  size: number;
  savedAt: number;
}

/** The ids to delete so that `entries` keeps within the limits: the oldest first, the newest always kept. */
export function overLimits(entries: readonly Kept[], limits = { entries: RECENT_ENTRIES, bytes: RECENT_TOTAL_BYTES }): string[] {
  const newestFirst = [...entries].sort((a, b) => b.savedAt - a.savedAt);
  const drop: string[] = [];
  let bytes = 0;
  let kept = 0;
  for (const entry of newestFirst) {
    if (kept > 0 && (kept >= limits.entries || bytes + entry.size > limits.bytes)) drop.push(entry.id);
    else {
      kept += 1;
      bytes += entry.size;
    }
  }
  return drop;
}

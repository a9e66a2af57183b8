import type { Role } from '../core/model';
import { ROLE_ORDER, type TranscriptView } from '../protocol/workerApi';

/**
 * The message indices the timeline shows, in order: the search's hits when there are any, else every
 * message, less the hidden roles. Hits are filtered again: a role hidden since the search still hides.
 */
export function visibleRows(view: TranscriptView, hiddenRoles: readonly Role[], searchHits: Int32Array | null): Int32Array {
  const { role } = view.columns;
  const hidden = new Uint8Array(ROLE_ORDER.length);
  for (const r of hiddenRoles) hidden[ROLE_ORDER.indexOf(r)] = 1;
  if (searchHits) return searchHits.filter((index) => hidden[role[index]!] === 0);
  const rows = new Int32Array(view.count);
  let n = 0;
  for (let i = 0; i < view.count; i++) if (hidden[role[i]!] === 0) rows[n++] = i;
  return n === view.count ? rows : rows.slice(0, n);
}

// The messages table's rows: the messages its filters keep, in the order its sort keys give. Done here, not on the
// page, so that sorting or filtering 100,000 messages never holds up typing (docs/BENCHMARKS.md, "Messages table").
import type { Transcript } from '../core/model';
import type { RowsParams } from '../protocol/messagesTable';
import { NO_FACETS, SEARCH_BUDGET_MS } from '../protocol/search';
import { sortKeys } from './rowKeys';
import { searchMessages } from './search';

/** Messages with at least one finding, by index. */
function withFindings(transcript: Transcript): Uint8Array {
  const has = new Uint8Array(transcript.messages.length);
  for (const finding of transcript.findings) if (finding.messageIndex >= 0 && finding.messageIndex < has.length) has[finding.messageIndex] = 1;
  return has;
}

/**
 * Indices of the messages of `roles` that match `text` and the facets (as the search box finds them: text, names, ids
 * and call arguments, src/worker/search.ts) and, with `onlyFindings`, have a finding; sorted by each key of `sort` in turn, a
 * message without a value last whichever way, and equal ones in message order (so the sort is stable).
 */
export function tableRows(transcript: Transcript, { sort, text, roles, onlyFindings, facets = NO_FACETS }: RowsParams): Int32Array<ArrayBuffer> {
  const found = searchMessages(transcript, { query: text, roles, facets });
  // The table shows the reason where its rows would be (useTableRows' error), as the search box does under it.
  if (found.kind === 'invalid') throw new Error(found.message);
  if (found.kind !== 'hits' || !found.complete)
    throw new Error(`The search took longer than ${SEARCH_BUDGET_MS / 1000} s and was stopped: try a simpler pattern.`);
  let rows = found.hits;
  if (onlyFindings) {
    const has = withFindings(transcript);
    rows = rows.filter((index) => has[index] === 1);
  }
  if (sort.length === 0) return rows;
  const keys = sort.map(({ column, desc }) => ({ values: sortKeys(transcript, column), sign: desc ? -1 : 1 }));
  // A plain array sorts faster than a typed one with a comparator (V8 copies the typed array out and back).
  const order = Array.from(rows);
  order.sort((a, b) => {
    for (const { values, sign } of keys) {
      const x = values[a]!;
      const y = values[b]!;
      if (x === y) continue;
      // NaN: no value, last in either direction.
      if (Number.isNaN(x)) {
        if (!Number.isNaN(y)) return 1;
        continue;
      }
      if (Number.isNaN(y)) return -1;
      return x < y ? -sign : sign;
    }
    return a - b;
  });
  return Int32Array.from(order);
}

import { useEffect, useMemo, useState } from 'react';
import type { Role } from '../../core/model';
import { visibleRows } from '../../store/filter';
import type { ViewSession } from '../../store/session';
import type { RowsParams, TableSort } from '../../protocol/messagesTable';
import { hasFacets, NO_FACETS, type SearchFacets } from '../../protocol/search';
import { ROLE_ORDER, type TranscriptView } from '../../protocol/workerApi';
import { LatestQuery } from './latestQuery';

export interface TableQuery {
  sort: TableSort[];
  text: string;
  hiddenRoles: readonly Role[];
  onlyFindings: boolean;
  /** The search's facets (the timeline's chips), which hold here too. */
  facets?: SearchFacets;
}

export interface TableRows {
  /** Message indices in display order. */
  rows: Int32Array;
  /** True while the worker works on the newest query: `rows` are still the previous answer's. */
  busy: boolean;
  /** Why the worker could not answer the newest query. */
  error: string | null;
}

const keyOf = (params: RowsParams): string => JSON.stringify(params);

/**
 * The table's rows for `query`. Unsorted and without a text, facet or findings filter they are the timeline's (every
 * message less the hidden roles), found here at once; otherwise the worker sorts and filters, and until it answers
 * the previous rows stay. Only the newest query's answer is shown (LatestQuery).
 */
export function useTableRows(view: TranscriptView, session: ViewSession | null, query: TableQuery): TableRows {
  const { sort, text, hiddenRoles, onlyFindings, facets = NO_FACETS } = query;
  const plain = sort.length === 0 && text.trim() === '' && !onlyFindings && !hasFacets(facets);
  const params = useMemo<RowsParams>(
    () => ({ sort, text, roles: ROLE_ORDER.filter((role) => !hiddenRoles.includes(role)), onlyFindings, ...(hasFacets(facets) && { facets }) }),
    [sort, text, hiddenRoles, onlyFindings, facets],
  );
  const key = keyOf(params);
  const unfiltered = useMemo(() => visibleRows(view, hiddenRoles, null), [view, hiddenRoles]);
  const [answer, setAnswer] = useState<{ key: string; rows: Int32Array } | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);

  const worker = useMemo(
    () =>
      session &&
      new LatestQuery<RowsParams, Int32Array>(
        (asked) => session.rows(asked),
        (rows, asked) => setAnswer({ key: keyOf(asked), rows }),
        (error, asked) => setFailure({ key: keyOf(asked), message: error instanceof Error ? error.message : String(error) }),
      ),
    [session],
  );

  useEffect(() => {
    if (!worker) return;
    if (plain) worker.cancel();
    else worker.ask(params);
  }, [params, plain, worker]);
  useEffect(() => () => worker?.cancel(), [worker]);

  if (plain) return { rows: unfiltered, busy: false, error: null };
  const error = failure?.key === key ? failure.message : null;
  if (answer?.key === key) return { rows: answer.rows, busy: false, error };
  return { rows: answer?.rows ?? unfiltered, busy: error === null, error };
}

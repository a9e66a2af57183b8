import { useEffect, useState } from 'react';
import type { FacetCounts } from '../../protocol/search';
import type { ViewSession } from '../../store/session';

/** What each facet chip would keep in the conversation on screen, once the worker has counted it; null until then. */
export function useFacetCounts(session: ViewSession | null): FacetCounts | null {
  const [counts, setCounts] = useState<{ session: ViewSession; counts: FacetCounts } | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    session.searchFacets().then(
      (answer) => live && setCounts({ session, counts: answer }),
      // Without counts the chips still work; a new session asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session]);
  return counts && counts.session === session ? counts.counts : null;
}

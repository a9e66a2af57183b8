import { useEffect } from 'react';
import type { ViewSession } from '../../store/session';

/**
 * Cards fetched beyond the drawn rows, each way, so that scrolling finds them ready: when any of the
 * nearest NEAR is missing, the next FAR are asked for at once (one request per few dozen rows
 * scrolled, not one per row).
 */
const NEAR = 30;
const FAR = 150;

/** Asks the worker for the cards of the drawn rows `first`..`last` and those around them. */
export function useCardPrefetch(session: ViewSession | null, rows: Int32Array, first: number, last: number): void {
  useEffect(() => {
    if (!session || last < first) return;
    const from = Math.max(0, first - NEAR);
    const to = Math.min(rows.length - 1, last + NEAR);
    let missing = false;
    for (let row = from; row <= to && !missing; row++) missing = session.cards.get(rows[row]!) === undefined;
    if (!missing) return;
    // The rows on screen first, then outwards.
    const wanted: number[] = [];
    for (let row = first; row <= last; row++) wanted.push(rows[row]!);
    for (let k = 1; k <= FAR; k++) {
      if (last + k < rows.length) wanted.push(rows[last + k]!);
      if (first - k >= 0) wanted.push(rows[first - k]!);
    }
    session.cards.ensure(wanted);
  }, [session, rows, first, last]);
}

import { useEffect, useState } from 'react';
import type { RunCost } from '../../core/cost';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';

export type FetchedCost = { status: 'loading' } | { status: 'ready'; cost: RunCost } | { status: 'error'; message: string };

type Answer = { session: ViewSession } & ({ cost: RunCost } | { error: string });

/** What the history on screen cost, asked of its worker once (the session keeps the answer). */
export function useCost(): FetchedCost {
  const session = useStore((s) => s.session);
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    session.cost().then(
      (cost) => live && setAnswer({ session, cost }),
      (error: unknown) => live && setAnswer({ session, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [session]);
  // An answer for another history (the one before) is no answer for this one.
  if (!answer || answer.session !== session) return { status: 'loading' };
  return 'cost' in answer ? { status: 'ready', cost: answer.cost } : { status: 'error', message: answer.error };
}

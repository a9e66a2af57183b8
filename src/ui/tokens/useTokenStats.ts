import { useLayoutEffect, useState } from 'react';
import type { TokenStats } from '../../core/analytics/tokenStats';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';

export type FetchedTokenStats = { status: 'loading' } | { status: 'ready'; stats: TokenStats } | { status: 'error'; message: string };

type Answer = { session: ViewSession } & ({ stats: TokenStats } | { error: string });

/** The Tokens view's data for the history on screen, asked of its worker once (the session keeps the answer). */
export function useTokenStats(): FetchedTokenStats {
  const session = useStore((s) => s.session);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // A layout effect: it runs before the passive effects of the view's parts, so this small request reaches the
  // worker ahead of the context composition's tokenizer count, and the chart and totals need not wait for it.
  useLayoutEffect(() => {
    if (!session) return;
    let live = true;
    session.tokenStats().then(
      (stats) => live && setAnswer({ session, stats }),
      (error: unknown) => live && setAnswer({ session, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [session]);
  // An answer for another history (the one before) is no answer for this one.
  if (!answer || answer.session !== session) return { status: 'loading' };
  return 'stats' in answer ? { status: 'ready', stats: answer.stats } : { status: 'error', message: answer.error };
}

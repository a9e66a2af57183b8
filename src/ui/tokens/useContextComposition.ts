import { useEffect, useState } from 'react';
import type { CompositionView, CountProgress } from '../../protocol/workerApi';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';

export type FetchedComposition =
  { status: 'counting'; progress?: CountProgress } | { status: 'ready'; composition: CompositionView } | { status: 'error'; message: string };

type Answer = { session: ViewSession } & ({ composition: CompositionView } | { error: string } | { progress: CountProgress });

/** The composition of the history on screen, asked of its worker once (the session keeps it), with the count's progress. */
export function useContextComposition(): FetchedComposition {
  const session = useStore((s) => s.session);
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    session
      .composition((progress) => live && setAnswer({ session, progress }))
      .then(
        (composition) => live && setAnswer({ session, composition }),
        (error: unknown) => live && setAnswer({ session, error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [session]);
  // An answer for another history (the one before) is no answer for this one.
  if (!answer || answer.session !== session) return { status: 'counting' };
  if ('composition' in answer) return { status: 'ready', composition: answer.composition };
  if ('error' in answer) return { status: 'error', message: answer.error };
  return { status: 'counting', progress: answer.progress };
}

import { useEffect, useState } from 'react';
import type { ToolCallTable } from '../../core/analytics/toolCalls';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';

type Fetched = { session: ViewSession; table: ToolCallTable } | { session: ViewSession; error: string };

/** The Tools table of the history on screen, from its worker (asked once a session); null while it comes. */
export function useToolCallTable(): { table: ToolCallTable } | { error: string } | null {
  const session = useStore((s) => s.session);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    session.toolCalls().then(
      (table) => live && setFetched({ session, table }),
      (error: unknown) => live && setFetched({ session, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [session]);
  return fetched !== null && fetched.session === session ? fetched : null;
}

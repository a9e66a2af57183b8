import { useSyncExternalStore } from 'react';
import type { ViewSession } from '../../store/session';
import { useStore } from '../../store/store';
import { RepairDialog } from './RepairDialog';

// The dialog is opened from the findings panel, which a narrow window shows as a sheet that closes; it lives in
// the app shell (RepairHost), open for the history it was opened on: another one on screen closes it.

let openFor: ViewSession | null = null;
const listeners = new Set<() => void>();

function setOpenFor(session: ViewSession | null): void {
  openFor = session;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** *Repair…* in the findings panel: opens the dialog that lists every edit before anything is written. */
export function RepairButton() {
  const session = useStore((s) => s.session);
  if (!session) return null;
  return (
    <button
      type="button"
      className="button small repair-button"
      data-testid="repair-open"
      title="Fix what has a mechanical fix, list every edit first, then download or open the repaired history"
      onClick={() => setOpenFor(session)}
    >
      Repair…
    </button>
  );
}

/** The Repair… dialog, when it is open for the history on screen. */
export function RepairHost() {
  const session = useStore((s) => s.session);
  const open = useSyncExternalStore(subscribe, () => openFor);
  if (!session || open !== session) return null;
  return <RepairDialog session={session} onClose={() => setOpenFor(null)} />;
}

// Which side pane is open as a sheet over the centre column while the columns stack (a narrow window); at most one.
import type { Pane } from './paneLayout';

export type Sheet = Pane;

let open: Sheet | null = null;
const listeners = new Set<() => void>();

export const openSheet = (): Sheet | null => open;

export function setOpenSheet(sheet: Sheet | null): void {
  if (sheet === open) return;
  open = sheet;
  for (const listener of listeners) listener();
}

/** Closes `sheet` if it is the one open (its dialog closed, or another sheet took its place). */
export function closeSheet(sheet: Sheet): void {
  if (open === sheet) setOpenSheet(null);
}

export function subscribeSheet(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

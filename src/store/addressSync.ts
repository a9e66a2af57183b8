// The address says what is on screen (docs/page-hooks.md, "Links"): opening it restores the view, and every
// change of the view is written back with history.replaceState, so a copied address opens the same thing and the
// back button leaves the app's page alone.
import type { ImportInput } from '../protocol/workerApi';
import type { AppState } from './store';
import { useStore } from './store';
import { writeUrl } from './url';
import { viewParams, type LinkedView } from './viewLink';

/**
 * Writes at most this often; the last change is always written. Browsers ignore a page's replaceState past a rate
 * (Chromium 200 calls in 10 seconds, Safari 100 in 30), which an arrow key held down through the timeline would
 * pass: docs/SHARING.md, "The address".
 */
export const WRITE_EVERY_MS = 300;

const viewChanged = (a: AppState, b: AppState): boolean =>
  a.selection?.index !== b.selection?.index ||
  a.sideTab !== b.sideTab ||
  a.mainView !== b.mainView ||
  a.hiddenRoles !== b.hiddenRoles ||
  a.search !== b.search ||
  a.facets !== b.facets;

/**
 * Restores `view` (a link's `m=`, `tab=`, `view=`, `role=`, `q=`, `tool=`, `sev=`, `with=`) and from then on keeps the address in step. `linked` is the
 * input of the load the link started (`?src=`, `#h=`, `#s=`, or the sample): the message the link names is selected
 * once that history is on screen, and once another history replaces it, the address no longer names that input.
 */
export function followLink(linked: ImportInput | undefined, view: LinkedView): void {
  const store = useStore.getState();
  if (view.tab) store.setSideTab(view.tab);
  if (view.mainView) store.setMainView(view.mainView);
  if (view.hiddenRoles) store.setHiddenRoles(view.hiddenRoles);
  if (view.search !== undefined) store.setSearch(view.search);
  if (view.facets) store.setFacets(view.facets);

  // Until the link's history is on screen, its `m=` stays in the address (the load may fail: the link is still the user's).
  let waitingFor = view.message;
  let carriesInput = true;
  let writtenAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = (): void => {
    timer = undefined;
    writtenAt = Date.now();
    writeUrl({ hash: viewParams(useStore.getState()) });
  };
  const schedule = (): void => {
    if (timer !== undefined) return;
    const wait = writtenAt + WRITE_EVERY_MS - Date.now();
    if (wait <= 0) write();
    else timer = setTimeout(write, wait);
  };

  useStore.subscribe((state, previous) => {
    if (state.view !== previous.view && state.view) {
      const fromLink = linked !== undefined && state.lastInput?.input === linked;
      if (!fromLink && carriesInput) {
        carriesInput = false;
        writeUrl({ query: { src: null }, hash: { h: null, s: null } });
      }
      const message = waitingFor;
      waitingFor = undefined;
      // After the new history's state is reset (show() resets the selection after it sets the view).
      if (fromLink && message !== undefined && message < state.view.count) queueMicrotask(() => useStore.getState().jumpTo({ index: message }));
    }
    if (state.loadState === 'error' && state.loader === null && previous.loader !== null) waitingFor = undefined;
    if (waitingFor === undefined && viewChanged(state, previous)) schedule();
  });
}

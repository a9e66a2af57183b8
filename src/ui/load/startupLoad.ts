import { useStore } from '../../store/store';
import { conversationHash, linkedConversation, linkedSource, writeUrl } from '../../store/url';

export const SAMPLE_URL = `${import.meta.env.BASE_URL}samples/redis-logs.langchain.json`;

/**
 * Opens `?src=URL` when the link asks for it (and the conversation `#c=N` names), else the built-in sample. Called before the first render,
 * so that the worker fetches and parses while React draws the page.
 */
export function startupLoad(): void {
  const src = linkedSource();
  void useStore.getState().loadUrl(src ?? SAMPLE_URL, src ?? 'sample', undefined, linkedConversation());
  // The address says which conversation of a file of several is on screen, so that a copied link opens it.
  useStore.subscribe((state, previous) => {
    if (state.view !== previous.view) writeUrl({ hash: conversationHash(state.view?.collection?.open) });
  });
}

import { useStore } from '../../store/store';
import { linkedSource } from '../../store/url';

export const SAMPLE_URL = `${import.meta.env.BASE_URL}samples/redis-logs.langchain.json`;

/**
 * Opens `?src=URL` when the link asks for it, else the built-in sample. Called before the first render,
 * so that the worker fetches and parses while React draws the page.
 */
export function startupLoad(): void {
  const src = linkedSource();
  void useStore.getState().loadUrl(src ?? SAMPLE_URL, src ?? 'sample');
}

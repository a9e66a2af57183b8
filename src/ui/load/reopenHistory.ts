import type { SavedHistory } from '../../store/recentHistories';
import { useStore } from '../../store/store';

/** Opens a kept history again as it was read: its bytes or its link, under its name, with its *Read as* format and conversation. */
export function reopenHistory({ input, name, format, conversation }: SavedHistory): Promise<void> {
  const store = useStore.getState();
  if (input instanceof Blob) return store.loadInput(input, name, format, conversation);
  if ('url' in input) return store.loadUrl(input.url, name, format, conversation);
  return store.loadShared(input, name, conversation);
}

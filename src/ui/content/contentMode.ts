// Whether the detail pane renders message content (Markdown, JSON trees) or shows it as written. The choice is
// this browser's (localStorage), shared by every pane and kept across reloads; storage that is off keeps it for the page.
import { useSyncExternalStore } from 'react';

export type ContentMode = 'rendered' | 'raw';

const KEY = 'msgscope.contentMode';
const listeners = new Set<() => void>();
let current: ContentMode | undefined;

function read(): ContentMode {
  if (current) return current;
  try {
    current = localStorage.getItem(KEY) === 'raw' ? 'raw' : 'rendered';
  } catch {
    current = 'rendered';
  }
  return current;
}

export function setContentMode(mode: ContentMode): void {
  current = mode;
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // Kept for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useContentMode(): ContentMode {
  return useSyncExternalStore(subscribe, read, read);
}

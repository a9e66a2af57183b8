import { useEffect } from 'react';
import { documentTitle } from './sourceName';

/** The tab names the history on screen (`run.json · msgscope`), as a window list, a bookmark or the history menu show it. */
export function useDocumentTitle(source: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(source);
  }, [source]);
}

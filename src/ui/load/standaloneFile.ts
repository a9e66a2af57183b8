import { HISTORY_ELEMENT_ID, VIEW_ELEMENT_ID } from '../../core/share/standaloneHtml';
import { linkedFragment, writeUrl } from '../../store/url';

// A single HTML file (docs/SHARING.md, "One HTML file") carries its history and the view it was saved with in
// two data blocks. The page reads them as it reads a link: the payload is the one `#h=` carries, the view a fragment.

/** The inline payload of the single HTML file this page is; '' for the template itself; undefined for the ordinary app. */
export function standalonePayload(): string | undefined {
  const element = document.getElementById(HISTORY_ELEMENT_ID);
  return element?.textContent.trim();
}

/**
 * Puts the view the file was saved with (`m=3&tab=findings`) into the address, unless the address already names
 * one (a link to `file.html#m=7` wins): from there every reader of the fragment restores it, as for a link. Runs
 * before the store exists (see main.tsx), so that no reader of the address can come before it.
 */
export function adoptStandaloneView(): void {
  const view = (document.getElementById(VIEW_ELEMENT_ID)?.textContent ?? '').trim();
  if (view === '' || linkedFragment().size > 0) return;
  writeUrl({ hash: Object.fromEntries(new URLSearchParams(view)) });
}

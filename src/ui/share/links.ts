// The links a share makes: this page's address, without its query, carrying the history (`h=`, or a short link's
// `s=<id>.<key>`) and the view on screen (`c=`, `m=`, `tab=`, `role=`, `q=`), all in the fragment, which no
// browser sends to any server.
import type { AppState } from '../../store/store';
import { conversationHash, currentLink, linkedFragment, linkedSource, pageLink, servedOverHttp, type UrlParams } from '../../store/url';
import { viewParams } from '../../store/viewLink';

/** The view on screen as fragment parameters; `message` selects another message than the selected one. */
export function viewOnScreen(state: AppState, message?: number): UrlParams {
  const selection = message !== undefined ? { index: message } : state.selection;
  const params = { ...conversationHash(state.view?.collection?.open), ...viewParams({ ...state, selection }) };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null));
}

/** The view as a fragment string (`m=3&tab=providers`), as the single HTML file keeps it. */
export function viewFragment(state: AppState, message?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(viewOnScreen(state, message))) if (value !== null) params.set(name, value);
  return params.toString();
}

/** A link that opens `carrier` (`{ h }` or `{ s }`) on the view on screen. The history comes last: a link cut short keeps its view. */
export function shareLink(carrier: { h: string } | { s: string }, state: AppState, message?: number): string {
  return pageLink({ ...viewOnScreen(state, message), ...carrier });
}

/**
 * Whether the address itself opens the history on screen (`?src=`, `#h=`, `#s=`, or a page opened from a file: the
 * single HTML file, which carries it): then a link to a message is the address.
 */
export function addressCarriesHistory(): boolean {
  const fragment = linkedFragment();
  return linkedSource() !== null || fragment.has('h') || fragment.has('s') || !servedOverHttp();
}

/** The address, selecting message `index`. */
export const addressOfMessage = (index: number): string => currentLink({ hash: { m: String(index) } });

import { followLink } from '../../store/addressSync';
import { lastOnScreen } from '../../store/recentHistories';
import { useStore } from '../../store/store';
import { conversationHash, linkedConversation, linkedFragment, linkedSource, writeUrl } from '../../store/url';
import { readLinkedView } from '../../store/viewLink';
import { shareUrl } from '../share/shareServer';
import { reopenHistory } from './reopenHistory';
import { openSample } from './openSample';
import { DEFAULT_SAMPLE, sampleNamed } from './samples';
import { standalonePayload } from './standaloneFile';

/**
 * A single HTML file opens the history it carries (named by the file name inside it), and never the sample: it
 * makes no request at all. The template itself, which carries none, shows how to open one.
 */
function openStandalone(payload: string): void {
  if (payload === '') useStore.setState({ loadState: 'error' });
  else void useStore.getState().loadShared({ inline: payload }, 'HTML file', linkedConversation());
}

/**
 * A short link, `#s=<id>.<key>`: its blob is on the share server msgscope.config.json names, else on this page's
 * origin (`msgscope serve`), and the worker fetches and opens it. Neither the id nor the key has a ".".
 */
async function openShortLink(value: string): Promise<void> {
  const dot = value.indexOf('.');
  const url = await shareUrl(dot < 0 ? value : value.slice(0, dot));
  void useStore.getState().loadShared({ sealed: { url, key: dot < 0 ? '' : value.slice(dot + 1) } }, 'short link', linkedConversation());
}

/** Waited for at most this long: IndexedDB held up (another tab upgrading it) must not keep the page empty. */
const KEPT_WAIT_MS = 1500;

/**
 * Starts opening the history kept as the last one on screen (recentHistories.ts), or the sample that was (the
 * default one on a first visit, or when the one kept is no sample of this build).
 */
async function openKeptOrSample(): Promise<void> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, KEPT_WAIT_MS));
  const last = await Promise.race([lastOnScreen().catch(() => undefined), timeout]);
  if (last && 'history' in last) void reopenHistory({ ...last.history, conversation: linkedConversation() ?? last.history.conversation });
  else void openSample(sampleNamed(last?.sample) ?? DEFAULT_SAMPLE, linkedConversation());
}

/**
 * Opens what the link asks for: the history a single HTML file carries, a link's inline history (`#h=`), a short
 * link (`#s=`) or `?src=URL`; else the history on screen when the page last closed, or the sample that was; then the view it names (`#c=`, `#m=`, `#tab=`, `#role=`,
 * `#q=`). Called before the first render, so that the worker fetches and parses while React draws the page.
 */
export function startupLoad(): void {
  const src = linkedSource();
  const standalone = standalonePayload();
  const fragment = linkedFragment();
  const inline = fragment.get('h');
  const short = fragment.get('s');
  const view = readLinkedView(fragment);
  // Once the load has started: the view is restored on the history that load shows.
  const follow = (): void => followLink(useStore.getState().lastInput?.input, view);
  if (standalone === undefined && inline === null && short !== null) void openShortLink(short).then(follow);
  // No link: the history on screen when the page last closed, kept in this browser, else the sample.
  else if (standalone === undefined && inline === null && src === null) void openKeptOrSample().then(follow);
  else {
    if (standalone !== undefined) openStandalone(standalone);
    else if (inline !== null) void useStore.getState().loadShared({ inline }, 'shared link', linkedConversation());
    else if (src !== null) void useStore.getState().loadUrl(src, src, undefined, linkedConversation());
    else void openSample(DEFAULT_SAMPLE, linkedConversation());
    follow();
  }
  subscribeConversation();
}

function subscribeConversation(): void {
  // The address says which conversation of a file of several is on screen, so that a copied link opens it.
  useStore.subscribe((state, previous) => {
    if (state.view !== previous.view) writeUrl({ hash: conversationHash(state.view?.collection?.open) });
  });
}

import type { StateCreator } from 'zustand';
import type { ConvertTarget } from '../core/convert';
import type { ImportError } from '../core/model';
import type { Conversion, ImportInput, ImportOutcome, LoadProgress, MessageDetail, TranscriptView } from '../protocol/workerApi';
import { rememberHistory, rememberSample } from './recentHistories';
import { sampleFile } from './sampleSource';
import { ViewSession } from './session';
import type { AppState } from './store';
import { resolveAgainstPage } from './url';
import { kindOf, spawnWorker, type WorkerClient } from './workerClient';

/** What a share link carries: its history inline (`#h=`), or a short link's blob on a share server and its key (`#s=`). */
export type SharedInput = { inline: string } | { sealed: { url: string; key: string } };

/** The page opens by loading a sample or `?src=`, so there is no idle state. */
export type LoadState = 'loading' | 'ready' | 'error';

/** The input of the latest load, kept so that `reloadAs` can read it again with another format. */
interface LastInput {
  input: ImportInput;
  source: string;
}

export interface TranscriptSlice {
  loadState: LoadState;
  /** What the latest load read from: a file name, a sample (`samples/<file>`, sampleSource.ts), `paste` or a URL. */
  loadSource: string;
  /** Where the history on screen came from; it stays on screen when a later load fails or is cancelled. */
  transcriptSource: string;
  loadError: ImportError | null;
  /** Bytes read and messages parsed by the load in progress. */
  progress: LoadProgress | null;
  /** The history on screen, as the page keeps it; the worker holds the rest. */
  view: TranscriptView | null;
  /** The worker behind `view`: cards, details, search and export go through it. */
  session: ViewSession | null;
  /** The format detection picks for the input on screen, as the worker says, even when *Read as* chose another; null: none fits. */
  detectedFormat: string | null;
  /** Counts histories shown, so views can start afresh for each. */
  transcriptVersion: number;
  /** The worker of the load in progress; cancelling stops it. */
  loader: WorkerClient | null;
  lastInput: LastInput | null;
  /** Parses and shows `input`; `source` labels it for the user and the page hooks; `format` skips detection. */
  loadInput: (input: string | Blob, source: string, format?: string, conversation?: number) => Promise<void>;
  /** Fetches `url` (in the worker, reporting bytes), then shows it; `conversation` opens that one of a file of several. */
  loadUrl: (url: string, source: string, format?: string, conversation?: number) => Promise<void>;
  /** Opens a shared history (a link's inline payload or a short link's blob; the worker unpacks it), named then by the file name it carries. */
  loadShared: (input: SharedInput, source: string, conversation?: number) => Promise<void>;
  /** Shows another conversation of the file on screen (its position). */
  openConversation: (conversation: number) => Promise<void>;
  /** Reads the latest input again as `format` (an adapter name), e.g. after detection picked the wrong one or none. */
  reloadAs: (format: string) => Promise<void>;
  /** Stops the load in progress; the history on screen stays. */
  cancelLoad: () => void;
  /** The history on screen (or `only` the messages at these indices) in another format, with what that format cannot carry. */
  exportAs: (target: ConvertTarget, only?: Int32Array) => Promise<Conversion>;
  /** One message in full: raw JSON, full text, every field. */
  requestDetail: (index: number) => Promise<MessageDetail>;
  dismissError: () => void;
}

export const createTranscriptSlice: StateCreator<AppState, [], [], TranscriptSlice> = (set, get) => {
  /** A new history on screen: the other slices held messages of the old one, so each starts afresh in its own way. */
  const show = (view: TranscriptView, session: ViewSession, extra: Partial<TranscriptSlice>): void => {
    set((s) => ({ ...extra, view, session, transcriptVersion: s.transcriptVersion + 1 }));
    // React draws once after all of them, so no frame shows the new history with the old one's state.
    get().resetSelection();
    get().resetView();
    get().resetFilter();
  };

  const load = async (input: ImportInput, source: string, format?: string, conversation?: number): Promise<void> => {
    // A newer load replaces one still running: stop its worker rather than queue behind it.
    get().loader?.terminate();
    const loader = spawnWorker();
    set({ loadState: 'loading', loadSource: source, loadError: null, progress: null, loader, lastInput: { input, source } });
    const current = (): boolean => get().loader === loader;
    const fail = (error: ImportError): void => {
      loader.terminate();
      set({ loadState: 'error', loadError: error, progress: null, loader: null });
    };
    let outcome: ImportOutcome;
    try {
      const params = { input, name: source, ...(format !== undefined && { format }), ...(conversation !== undefined && { conversation }) };
      outcome = await loader.call('import', params, (progress) => current() && set({ progress }));
    } catch (error) {
      // Stopped: a newer load replaced this one, or the user cancelled it; either has set the page's state.
      if (kindOf(error) === 'stopped' || !current()) return;
      fail({ message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (!current()) return;
    if (!outcome.ok) {
      fail(outcome.error);
      return;
    }
    get().session?.close();
    // A shared history is shown under the file name it carried.
    const shownAs = outcome.sourceName ?? source;
    show(outcome.view, new ViewSession(loader, outcome.view, outcome.cards), {
      loadState: 'ready',
      loadError: null,
      progress: null,
      loader: null,
      detectedFormat: outcome.detectedFormat,
      transcriptSource: shownAs,
      loadSource: shownAs,
    });
    // Kept in this browser, so that a reload brings it back (recentHistories.ts); not keeping it costs nothing else.
    const sample = sampleFile(source);
    const kept = sample !== undefined ? rememberSample(sample) : rememberHistory(input, shownAs, format, outcome.view.collection?.open);
    kept.catch(() => undefined);
  };

  const sessionOrThrow = (): ViewSession => {
    const { session } = get();
    if (!session) throw new Error('No history is loaded.');
    return session;
  };

  return {
    loadState: 'loading',
    loadSource: '',
    transcriptSource: '',
    loadError: null,
    progress: null,
    view: null,
    session: null,
    detectedFormat: null,
    transcriptVersion: 0,
    loader: null,
    lastInput: null,
    // Pasted text goes as a Blob: the page then keeps no copy of a large paste for `reloadAs`.
    loadInput: (input, source, format, conversation) => load(typeof input === 'string' ? new Blob([input]) : input, source, format, conversation),
    // The worker's base URL is its script's, so a relative `?src=` is resolved against the page.
    loadUrl: (url, source, format, conversation) => load({ url: resolveAgainstPage(url) }, source, format, conversation),
    loadShared: (input, source, conversation) => load(input, source, undefined, conversation),
    openConversation: async (conversation) => {
      const session = await sessionOrThrow().open(conversation);
      show(session.view, session, {});
    },
    // The same file read again keeps the conversation on screen.
    reloadAs: async (format) => {
      const last = get().lastInput;
      if (last) await load(last.input, last.source, format, get().view?.collection?.open);
    },
    cancelLoad: () => {
      const { loader, view, transcriptSource } = get();
      if (!loader) return;
      loader.terminate();
      // With nothing to fall back to, the timeline shows how to open a history (its error state, without an error).
      set({ loader: null, progress: null, loadError: null, loadState: view ? 'ready' : 'error', loadSource: transcriptSource });
    },
    exportAs: async (target, only) => sessionOrThrow().convert(target, only),
    requestDetail: async (index) => sessionOrThrow().detail(index),
    dismissError: () => {
      const { view, transcriptSource } = get();
      // With nothing to fall back to, the timeline stays in its error state, showing how to open a history.
      if (view) set({ loadState: 'ready', loadError: null, loadSource: transcriptSource });
      else set({ loadError: null });
    },
  };
};

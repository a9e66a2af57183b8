import type { StateCreator } from 'zustand';
import type { ImportError, Transcript } from '../core/model';
import { fetchHistory } from './fetchHistory';
import { importInWorker, type LoadOutcome } from './loader';
import type { AppState } from './store';

/** The page opens by loading the sample or `?src=`, so there is no idle state. */
export type LoadState = 'loading' | 'ready' | 'error';

export interface TranscriptSlice {
  loadState: LoadState;
  /** What the latest load read from: a file name, `sample`, `paste` or a URL. */
  loadSource: string;
  /** Where the transcript on screen came from; it stays on screen when a later load fails. */
  transcriptSource: string;
  loadError: ImportError | null;
  transcript: Transcript | null;
  /** Counts transcripts shown, so views can start afresh for each. */
  transcriptVersion: number;
  /** Parses and shows `input`; `source` labels it for the user and the page hooks. */
  loadInput(input: string | Blob, source: string): Promise<void>;
  /** Fetches `url`, then loads it. */
  loadUrl(url: string, source: string): Promise<void>;
  dismissError(): void;
}

// Each load takes a number; a load that finishes after a newer one started changes nothing.
let latestLoad = 0;

export const createTranscriptSlice: StateCreator<AppState, [], [], TranscriptSlice> = (set, get) => {
  const begin = (source: string): number => {
    set({ loadState: 'loading', loadSource: source, loadError: null });
    return ++latestLoad;
  };
  const fail = (load: number, error: ImportError): void => {
    if (load === latestLoad) set({ loadState: 'error', loadError: error });
  };
  const parse = async (load: number, input: string | Blob, source: string): Promise<void> => {
    let outcome: LoadOutcome;
    try {
      outcome = await importInWorker(input);
    } catch (error) {
      fail(load, { message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (outcome === 'superseded' || load !== latestLoad) return;
    if (!outcome.ok) {
      fail(load, outcome.error);
      return;
    }
    set({
      loadState: 'ready',
      loadError: null,
      transcript: outcome.transcript,
      transcriptSource: source,
      transcriptVersion: get().transcriptVersion + 1,
      selection: null,
      hoverToolCallId: null,
      scrollRequest: null,
      expanded: new Set(),
    });
  };

  return {
    loadState: 'loading',
    loadSource: '',
    transcriptSource: '',
    loadError: null,
    transcript: null,
    transcriptVersion: 0,
    loadInput: (input, source) => parse(begin(source), input, source),
    loadUrl: async (url, source) => {
      const load = begin(source);
      let body: Blob;
      try {
        body = await fetchHistory(url);
      } catch (error) {
        fail(load, { message: error instanceof Error ? error.message : String(error) });
        return;
      }
      if (load === latestLoad) await parse(load, body, source);
    },
    dismissError: () => {
      const { transcript, transcriptSource } = get();
      // With nothing to fall back to, the timeline stays in its error state, showing how to open a history.
      if (transcript) set({ loadState: 'ready', loadError: null, loadSource: transcriptSource });
      else set({ loadError: null });
    },
  };
};

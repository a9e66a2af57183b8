// react-markdown and its parser (about 50 KB gzipped) are a chunk of their own: not in the first paint, and not in the
// detail pane's chunk either, which shows a message's fields and JSON without them. Loaded by hand rather than with
// React.lazy: a Suspense boundary that showed its fallback holds the content back for up to 300 ms more (React 19's
// reveal throttle), and a chunk that fails to load (offline) should leave the text as written, not fail the pane.
import { useEffect, useState, type ComponentType } from 'react';

/** `pattern`: the search's matches to mark in the rendered text (markdownHits.ts). */
type Renderer = ComponentType<{ text: string; pattern?: RegExp | null }>;

let loaded: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

/** Loads the renderer once; the detail pane starts it when a message is selected, so that it comes beside the pane's own code. */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= import('./Markdown').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      // Asked again next time: the network may be back.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type MarkdownState = { renderer: Renderer } | { failed: string } | 'loading';

/** The renderer once it is here (at once when it already is), or why it could not come. */
export function useMarkdown(): MarkdownState {
  const [state, setState] = useState<MarkdownState>(() => (loaded ? { renderer: loaded } : 'loading'));
  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    loadMarkdown().then(
      (renderer) => live && setState({ renderer }),
      (error: unknown) => live && setState({ failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [state]);
  return state;
}

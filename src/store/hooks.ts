import { useMemo, useSyncExternalStore } from 'react';
import type { Card } from '../protocol/workerApi';
import type { CardCache } from './cardCache';
import { computeHighlight, type Highlight } from './highlight';
import { useStore } from './store';
import { indexOf, type TranscriptIndex } from './transcriptIndex';

export function useHighlight(): Highlight {
  const view = useStore((s) => s.view);
  const selection = useStore((s) => s.selection);
  const hover = useStore((s) => s.hoverToolCallId);
  return useMemo(() => computeHighlight(view, selection, hover), [view, selection, hover]);
}

export function useTranscriptIndex(): TranscriptIndex | null {
  const view = useStore((s) => s.view);
  return view ? indexOf(view) : null;
}

const noCards = (): (() => void) => () => undefined;

/** Message `index`'s card once the worker has sent it; only the component that asked draws again when it arrives. */
export function useCard(cards: CardCache | undefined, index: number): Card | undefined {
  return useSyncExternalStore(cards?.subscribe ?? noCards, () => cards?.get(index));
}

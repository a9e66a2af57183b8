import { useMemo } from 'react';
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

import { useMemo } from 'react';
import { computeHighlight, type Highlight } from './highlight';
import { useStore } from './store';
import { indexOf, type TranscriptIndex } from './transcriptIndex';

export function useHighlight(): Highlight {
  const transcript = useStore((s) => s.transcript);
  const selection = useStore((s) => s.selection);
  const hover = useStore((s) => s.hoverToolCallId);
  return useMemo(() => computeHighlight(transcript, selection, hover), [transcript, selection, hover]);
}

export function useTranscriptIndex(): TranscriptIndex | null {
  const transcript = useStore((s) => s.transcript);
  return transcript ? indexOf(transcript) : null;
}

import { useEffect, useRef } from 'react';
import { useStore } from '../../store/store';

export const SAMPLE_URL = `${import.meta.env.BASE_URL}samples/redis-logs.langchain.json`;

/** Opens `?src=URL` when the link asks for it, else the built-in sample. */
export function useStartupLoad(): void {
  const loadUrl = useStore((s) => s.loadUrl);
  // StrictMode runs effects twice in development; one load is enough.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const src = new URLSearchParams(window.location.search).get('src');
    if (src) void loadUrl(src, src);
    else void loadUrl(SAMPLE_URL, 'sample');
  }, [loadUrl]);
}

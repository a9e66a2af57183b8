import { useEffect, useState } from 'react';
import { useStore } from '../../store/store';
import type { MessageDetail } from '../../protocol/workerApi';

export type FetchedDetail = { index: number; detail: MessageDetail } | { index: number; error: string };

/** Message `index` in full, fetched from the worker when the index changes; null while it comes (or with no index). */
export function useDetail(index: number | undefined): FetchedDetail | null {
  const requestDetail = useStore((s) => s.requestDetail);
  const [fetched, setFetched] = useState<FetchedDetail | null>(null);
  useEffect(() => {
    if (index === undefined) return;
    let live = true;
    requestDetail(index).then(
      (detail) => live && setFetched({ index, detail }),
      (error: unknown) => live && setFetched({ index, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [index, requestDetail]);
  return fetched?.index === index ? fetched : null;
}

import { useEffect, useState } from 'react';
import { useStore } from '../../store/store';
import type { Card } from '../../protocol/workerApi';

/** The message's full text once `expanded` asks for more than the card carries; null until it arrives. */
export function useFullText(card: Card, expanded: boolean): string | null {
  const requestDetail = useStore((s) => s.requestDetail);
  const [full, setFull] = useState<{ index: number; text: string } | null>(null);
  const needed = expanded && card.text.length < card.textLength;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    requestDetail(card.index).then(
      (detail) => live && setFull({ index: card.index, text: detail.text }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, card.index, requestDetail]);
  return needed && full?.index === card.index ? full.text : null;
}

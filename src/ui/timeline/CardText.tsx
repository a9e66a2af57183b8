import { useEffect, useState } from 'react';
import { useStore } from '../../store/store';
import { type Card } from '../../protocol/workerApi';
import { CARD_CHARS, CARD_LINES } from '../../protocol/timelineView';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';

/** Even expanded, a card holds at most this much text; the detail pane shows the rest. */
const EXPANDED_CHARS = 20_000;

/** The message's full text once `expanded` asks for more than the card carries; null until it arrives. */
function useFullText(card: Card, expanded: boolean): string | null {
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

/** A message's text, clamped in the card with a toggle to show more. */
export function CardText({ card, expanded }: { card: Card; expanded: boolean }) {
  const toggleExpanded = useStore((s) => s.toggleExpanded);
  const full = useFullText(card, expanded);
  if (!card.text) return null;
  const collapsed = previewText(card.text, CARD_CHARS, CARD_LINES);
  const shown = expanded ? previewText(full ?? card.text, EXPANDED_CHARS) : collapsed;
  const omitted = card.textLength - shown.text.length;
  const canExpand = card.textLength > collapsed.text.length;
  return (
    <div className="card-text-wrap">
      <div className="card-text">
        {shown.text}
        {omitted > 0 && '…'}
      </div>
      {canExpand && (
        <div className="card-text-more">
          <button
            type="button"
            className="link-button"
            data-testid="card-show-all"
            onClick={(event) => {
              event.stopPropagation();
              toggleExpanded(card.index);
            }}
          >
            {expanded ? 'Show less' : 'Show all'}
          </button>
          {omitted > 0 && (
            <span className="muted">
              {formatChars(omitted)} more{expanded && full !== null ? ' in the detail pane' : ''}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

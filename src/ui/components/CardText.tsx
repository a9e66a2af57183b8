import { CARD_CHARS, CARD_LINES } from '../../protocol/timelineView';
import { Highlighted } from '../search/Highlighted';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';

/** Even expanded, a card holds at most this much text; the detail pane shows the rest. */
const EXPANDED_CHARS = 20_000;

interface Props {
  /** The text the card carries: the start of the message's text. */
  text: string;
  /** The length of the message's whole text. */
  textLength: number;
  expanded: boolean;
  /** The message's whole text, once fetched for an expanded card that carries less; else null. */
  fullText: string | null;
  onToggle: () => void;
  /** The search's matches to mark in the text shown (src/ui/search). */
  pattern?: RegExp | null;
}

/** A message's text, clamped in the card with a toggle to show more. */
export function CardText({ text, textLength, expanded, fullText, onToggle, pattern = null }: Props) {
  if (!text) return null;
  const collapsed = previewText(text, CARD_CHARS, CARD_LINES);
  const shown = expanded ? previewText(fullText ?? text, EXPANDED_CHARS) : collapsed;
  const omitted = textLength - shown.text.length;
  const canExpand = textLength > collapsed.text.length;
  return (
    <div className="card-text-wrap">
      <div className="card-text">
        <Highlighted text={shown.text} pattern={pattern} />
        {omitted > 0 && '…'}
      </div>
      {canExpand && (
        <div className="card-text-more">
          <button
            type="button"
            className="link-button"
            data-testid="card-show-all"
            onClick={(event) => {
              // The card around it selects its message on a click; this one only folds and unfolds.
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? 'Show less' : 'Show all'}
          </button>
          {omitted > 0 && (
            <span className="muted">
              {formatChars(omitted)} more{expanded && fullText !== null ? ' in the detail pane' : ''}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

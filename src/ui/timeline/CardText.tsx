import { useStore } from '../../store/store';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';

const COLLAPSED_CHARS = 600;
const COLLAPSED_LINES = 8;
/** Even expanded, a card holds at most this much text; the detail pane shows the rest. */
const EXPANDED_CHARS = 20_000;

/** A message's text, clamped in the card with a toggle to show more. */
export function CardText({ index, text, expanded }: { index: number; text: string; expanded: boolean }) {
  const toggleExpanded = useStore((s) => s.toggleExpanded);
  if (!text) return null;
  const collapsed = previewText(text, COLLAPSED_CHARS, COLLAPSED_LINES);
  const shown = expanded ? previewText(text, EXPANDED_CHARS) : collapsed;
  return (
    <div className="card-text-wrap">
      <div className="card-text">
        {shown.text}
        {shown.omitted > 0 && '…'}
      </div>
      {collapsed.omitted > 0 && (
        <div className="card-text-more">
          <button
            type="button"
            className="link-button"
            onClick={(event) => {
              event.stopPropagation();
              toggleExpanded(index);
            }}
          >
            {expanded ? 'Show less' : 'Show all'}
          </button>
          {shown.omitted > 0 && (
            <span className="muted">
              {formatChars(shown.omitted)} more{expanded ? ' in the detail pane' : ''}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

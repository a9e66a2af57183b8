import { useCallback, useState } from 'react';
import { formatCount } from '../text/format';

/**
 * Items a long list shows at first, and adds with each "Show more". A history with a duplicated export has
 * a finding per message: a hundred thousand of them in the DOM took a minute to render and froze every click.
 */
const LIST_STEP = 100;

/** How many items of a long list are shown, the way to show the next step of them, and to show the first `count` at least (in whole steps). */
export function useShownInSteps(): { shown: number; showMore: () => void; showAtLeast: (count: number) => void } {
  const [shown, setShown] = useState(LIST_STEP);
  const showAtLeast = useCallback((count: number) => setShown((n) => (n >= count ? n : Math.ceil(count / LIST_STEP) * LIST_STEP)), []);
  return { shown, showMore: () => setShown((n) => n + LIST_STEP), showAtLeast };
}

/** Shows the next step of a list that has `total` items, `shown` of them on screen; nothing once all are. */
export function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  const hidden = total - shown;
  if (hidden <= 0) return null;
  return (
    <p className="show-more">
      <button type="button" className="link-button" data-testid="show-more" data-hidden={hidden} onClick={onMore}>
        Show {formatCount(Math.min(LIST_STEP, hidden))} more
      </button>{' '}
      <span className="muted">of {formatCount(hidden)} not shown</span>
    </p>
  );
}

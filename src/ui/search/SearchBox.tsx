import { useMemo } from 'react';
import { parseSearchQuery } from '../../core/search/query';
import { positionAmong } from '../../store/searchPosition';
import { useStore } from '../../store/store';
import { SEARCH_BUDGET_MS } from '../../protocol/search';
import { formatCount } from '../text/format';

/**
 * The search box, *n of m* and the ways to the next and previous match (Enter and Shift+Enter in the box too), with
 * why a pattern cannot run under it. `rows` are the messages the timeline shows: with a search, its matches.
 */
export function SearchBox({ rows }: { rows: Int32Array }) {
  const search = useStore((s) => s.search);
  const setSearch = useStore((s) => s.setSearch);
  const active = useStore((s) => s.searchHits !== null);
  const error = useStore((s) => s.searchError);
  const stopped = useStore((s) => s.searchStopped);
  const busy = useStore((s) => s.searchBusy);
  const stepSearch = useStore((s) => s.stepSearch);
  const selected = useStore((s) => s.selection?.index);
  const total = rows.length;
  const current = active ? positionAmong(rows, selected) : 0;
  const query = useMemo(() => parseSearchQuery(search), [search]);

  return (
    <div className="search-field">
      <div className="search-row">
        <input
          type="search"
          className="search"
          data-testid="search"
          placeholder="Search text, names, ids… or /regex/i"
          aria-label="Search messages"
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? 'search-message' : undefined}
          spellCheck={false}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            stepSearch(event.shiftKey ? -1 : 1);
          }}
        />
        {active && (
          <>
            <span
              className="search-count muted"
              data-testid="search-count"
              data-current={current}
              data-total={total}
              data-busy={busy || undefined}
              aria-live="polite"
              title="The selected message's place among the matching messages"
            >
              {total === 0 ? 'No matches' : `${current === 0 ? '–' : formatCount(current)} of ${formatCount(total)}`}
            </span>
            <button
              type="button"
              className="button ghost small search-step"
              data-testid="search-prev"
              aria-label="Previous match (Shift+Enter)"
              title="Previous match (Shift+Enter)"
              disabled={total === 0}
              onClick={() => stepSearch(-1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button ghost small search-step"
              data-testid="search-next"
              aria-label="Next match (Enter)"
              title="Next match (Enter)"
              disabled={total === 0}
              onClick={() => stepSearch(1)}
            >
              ↓
            </button>
          </>
        )}
      </div>
      {error !== null && (
        <p className="search-message error" id="search-message" data-testid="search-error" role="status">
          {error}
        </p>
      )}
      {error === null && stopped && (
        <p className="search-message" data-testid="search-stopped" role="status">
          Stopped after {SEARCH_BUDGET_MS / 1000} s of searching, at message {formatCount(stopped.scanned)} of {formatCount(stopped.total)}: the matches before
          it are shown, not marked. A simpler pattern finds them all.
        </p>
      )}
      {error === null && !stopped && query.kind === 'regex' && (
        <p className="search-message muted" data-testid="search-mode">
          Regular expression, {query.flags.includes('i') ? 'ignoring case' : 'case-sensitive (add i after the last / to ignore case)'}
        </p>
      )}
    </div>
  );
}

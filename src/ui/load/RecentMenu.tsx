import { useEffect, useState } from 'react';
import { clearHistories, recentHistories, type SavedHistory } from '../../store/recentHistories';
import { RECENT_ENTRIES, RECENT_ENTRY_BYTES, RECENT_TOTAL_BYTES } from '../../store/recentLimits';
import { MenuButton, MenuItem, useHeaderMenu } from '../components/HeaderMenu';
import { sourceName } from '../header/sourceName';
import { formatCount } from '../text/format';
import { reopenHistory } from './reopenHistory';

type Listing = { kind: 'loading' } | { kind: 'listed'; entries: SavedHistory[]; at: number } | { kind: 'unavailable'; reason: string };

/** `812 bytes`, `4.2 KB`, `100 MB`. */
function formatBytes(n: number): string {
  if (n < 1000) return `${formatCount(n)} bytes`;
  const [size, unit] = n < 1e6 ? [n / 1e3, 'KB'] : [n / 1e6, 'MB'];
  return `${size < 10 ? size.toFixed(1) : formatCount(Math.round(size))} ${unit}`;
}

/** `5 min ago`, `yesterday, 14:02`: when a history was opened, for the list. */
function when(savedAt: number, now: number): string {
  const minutes = Math.round((now - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${formatCount(minutes)} min ago`;
  return new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Recent ▾: the histories this browser keeps (recentHistories.ts), the newest first; choosing one opens it again, as
 * it was read (*Read as* included). *Clear* deletes them all. Read from IndexedDB each time the menu opens.
 */
export function RecentMenu() {
  const { rootRef, ...menu } = useHeaderMenu();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });

  useEffect(() => {
    if (!menu.open) return;
    let current = true;
    recentHistories().then(
      (entries) => current && setListing({ kind: 'listed', entries, at: Date.now() }),
      (error: unknown) => current && setListing({ kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [menu.open]);

  const choose = (entry: SavedHistory): void => {
    menu.setOpen(false);
    void reopenHistory(entry);
  };
  const clear = (): void => {
    clearHistories().then(
      () => setListing({ kind: 'listed', entries: [], at: Date.now() }),
      (error: unknown) => setListing({ kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <div className="export recent" ref={rootRef}>
      <MenuButton
        {...menu}
        className="button ghost"
        data-testid="recent"
        title="Histories opened before, kept in this browser only"
        onOpen={() => setListing({ kind: 'loading' })}
      >
        Recent
      </MenuButton>
      {menu.open && (
        <div className="export-menu recent-menu" role="menu" aria-label="Recent histories" data-testid="recent-menu" data-state={listing.kind}>
          {listing.kind === 'loading' && <p className="recent-note">Loading…</p>}
          {listing.kind === 'unavailable' && <p className="recent-note">This browser keeps no histories here: {listing.reason}</p>}
          {listing.kind === 'listed' && listing.entries.length === 0 && (
            <p className="recent-note" data-testid="recent-empty">
              No history kept yet. Those you open are kept here, in this browser only.
            </p>
          )}
          {listing.kind === 'listed' &&
            listing.entries.map((entry, i) => (
              <MenuItem
                key={entry.id}
                data-testid="recent-item"
                data-name={entry.name}
                label={sourceName(entry.name)}
                labelClassName="recent-name"
                detail={
                  <>
                    {when(entry.savedAt, listing.at)} · {formatBytes(entry.size)}
                    {entry.format !== undefined && ` · read as ${entry.format}`}
                    {!(entry.input instanceof Blob) && ' · from its link'}
                  </>
                }
                autoFocus={i === 0}
                onClick={() => choose(entry)}
              />
            ))}
          {listing.kind === 'listed' && listing.entries.length > 0 && (
            <>
              <hr className="export-menu-separator" />
              <p className="recent-note">
                The last {RECENT_ENTRIES} histories, {formatBytes(RECENT_TOTAL_BYTES)} in all (none over {formatBytes(RECENT_ENTRY_BYTES)}), stay in this
                browser only.
              </p>
              <MenuItem
                className="recent-clear"
                data-testid="recent-clear"
                label="Clear"
                detail="Forget them all; a reload then shows the sample"
                onClick={clear}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}

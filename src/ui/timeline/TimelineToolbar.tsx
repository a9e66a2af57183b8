import { useTranscriptIndex } from '../../store/hooks';
import { useStore } from '../../store/store';
import { RoleFilters } from '../components/RoleFilters';
import { FacetChips } from '../search/FacetChips';
import { SearchBox } from '../search/SearchBox';
import { formatCount } from '../text/format';

/** Role toggles, the search with its facets, view switches and jumps to either end above the timeline. */
export function TimelineToolbar({ rows }: { rows: Int32Array }) {
  const index = useTranscriptIndex();
  const total = useStore((s) => s.view?.count ?? 0);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  const toggleRole = useStore((s) => s.toggleRole);
  const showConnectors = useStore((s) => s.showConnectors);
  const setShowConnectors = useStore((s) => s.setShowConnectors);
  const scrollTo = useStore((s) => s.scrollTo);
  if (!index) return null;
  const shown = rows.length;
  const firstRow = rows[0];
  const lastRow = rows[shown - 1];

  return (
    <div className="timeline-toolbar">
      <RoleFilters counts={index.roleCounts} hidden={hiddenRoles} onToggle={toggleRole} />
      <SearchBox rows={rows} />
      <FacetChips />
      <label className="toggle">
        <input type="checkbox" checked={showConnectors} onChange={(event) => setShowConnectors(event.target.checked)} />
        Links
      </label>
      <span className="jump-buttons">
        <button
          type="button"
          className="button ghost small"
          data-testid="jump-first"
          title="First message (Home)"
          disabled={firstRow === undefined}
          onClick={() => firstRow !== undefined && scrollTo(firstRow, 'start')}
        >
          <span aria-hidden="true">⤒</span> <span className="jump-label">First</span>
        </button>
        <button
          type="button"
          className="button ghost small"
          data-testid="jump-last"
          title="Last message (End)"
          disabled={lastRow === undefined}
          onClick={() => lastRow !== undefined && scrollTo(lastRow, 'end')}
        >
          <span aria-hidden="true">⤓</span> <span className="jump-label">Last</span>
        </button>
      </span>
      <span className="shown-count muted" data-testid="shown-count" data-filtered={shown !== total || undefined}>
        {shown === total ? `${formatCount(total)} messages` : `${formatCount(shown)} of ${formatCount(total)}`}
      </span>
    </div>
  );
}

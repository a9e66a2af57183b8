import { useTranscriptIndex } from '../../store/hooks';
import { useStore } from '../../store/store';
import { ROLES } from '../../store/transcriptIndex';
import { ROLE_LABELS } from '../roles';
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
      <div className="role-filters" role="group" aria-label="Show roles">
        {ROLES.filter((role) => index.roleCounts[role] > 0).map((role) => {
          const on = !hiddenRoles.includes(role);
          return (
            <button
              key={role}
              type="button"
              className={`role-toggle role-${role}${on ? ' on' : ''}`}
              aria-pressed={on}
              data-testid="role-filter"
              data-role={role}
              onClick={() => toggleRole(role)}
            >
              <span className="role-dot" />
              {ROLE_LABELS[role]} <span className="muted">{formatCount(index.roleCounts[role])}</span>
            </button>
          );
        })}
      </div>
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
          ⤒ First
        </button>
        <button
          type="button"
          className="button ghost small"
          data-testid="jump-last"
          title="Last message (End)"
          disabled={lastRow === undefined}
          onClick={() => lastRow !== undefined && scrollTo(lastRow, 'end')}
        >
          ⤓ Last
        </button>
      </span>
      <span className="shown-count muted" data-testid="shown-count">
        {shown === total ? `${formatCount(total)} messages` : `${formatCount(shown)} of ${formatCount(total)}`}
      </span>
    </div>
  );
}

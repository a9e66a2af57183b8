import type { Table } from '@tanstack/react-table';
import { useTranscriptIndex } from '../../store/hooks';
import { useStore } from '../../store/store';
import { RoleFilters } from '../components/RoleFilters';
import { FacetChips } from '../search/FacetChips';
import { formatCount } from '../text/format';
import type { Features, TableRowData } from './columns';
import { ColumnsMenu } from './ColumnsMenu';

interface Props {
  table: Table<Features, TableRowData>;
  shown: number;
  busy: boolean;
  onlyFindings: boolean;
  setOnlyFindings: (only: boolean) => void;
}

/**
 * The table's filters. The text, the roles and the facet chips are the timeline's own (the store's `search`,
 * `hiddenRoles` and `facets`, kept in the address as `q=`, `role=`, `tool=`, `sev=` and `with=`): a filter set in one
 * view holds in the other. *Only with findings* is the table's.
 */
export function TableToolbar({ table, shown, busy, onlyFindings, setOnlyFindings }: Props) {
  const index = useTranscriptIndex();
  const total = useStore((s) => s.view?.count ?? 0);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  const toggleRole = useStore((s) => s.toggleRole);
  const search = useStore((s) => s.search);
  const setSearch = useStore((s) => s.setSearch);
  if (!index) return null;
  return (
    <div className="timeline-toolbar table-toolbar">
      <input
        type="search"
        className="search"
        data-testid="table-filter"
        placeholder="Filter text, tool names, ids…"
        aria-label="Filter messages"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <RoleFilters counts={index.roleCounts} hidden={hiddenRoles} onToggle={toggleRole} />
      <FacetChips />
      <label className="toggle" title="Only messages with at least one finding">
        <input type="checkbox" data-testid="table-only-findings" checked={onlyFindings} onChange={(event) => setOnlyFindings(event.target.checked)} />
        Only with findings
      </label>
      <ColumnsMenu table={table} />
      <span className="shown-count muted" data-testid="table-shown-count" aria-live="polite">
        {busy ? 'Sorting… ' : ''}
        {shown === total ? `${formatCount(total)} messages` : `${formatCount(shown)} of ${formatCount(total)}`}
      </span>
    </div>
  );
}

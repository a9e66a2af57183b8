import type { Role } from '../../core/model';
import { ROLE_ORDER } from '../../protocol/workerApi';
import { ROLE_LABELS } from '../roles';
import { formatCount } from '../text/format';

interface Props {
  /** Messages of each role in the history: a role it has none of gets no toggle. */
  counts: Readonly<Record<Role, number>>;
  hidden: readonly Role[];
  onToggle: (role: Role) => void;
}

/** A toggle per role the history has, with its count: the timeline's and the table's, which share the hidden roles. */
export function RoleFilters({ counts, hidden, onToggle }: Props) {
  return (
    <div className="role-filters" role="group" aria-label="Show roles">
      {ROLE_ORDER.filter((role) => counts[role] > 0).map((role) => {
        const on = !hidden.includes(role);
        return (
          <button
            key={role}
            type="button"
            className={`role-toggle role-${role}${on ? ' on' : ''}`}
            aria-pressed={on}
            data-testid="role-filter"
            data-role={role}
            onClick={() => onToggle(role)}
          >
            <span className="role-dot" />
            {ROLE_LABELS[role]} <span className="muted">{formatCount(counts[role])}</span>
          </button>
        );
      })}
    </div>
  );
}

import { useStore } from '../../store/store';
import { formatCount } from '../text/format';
import { setPane, type Pane } from './paneLayout';
import { setOpenSheet } from './sheet';
import { PANE_LABELS, paneId } from './SidePane';
import { useOpenSheet, usePaneLayout, useStacked } from './useLayout';

/**
 * The findings' or the detail's button beside the view switch: on a wide window it shows or hides the pane, on a
 * narrow one it opens the pane as a sheet. It says how many findings there are, or which message is selected.
 */
export function PaneToggle({ pane }: { pane: Pane }) {
  const stacked = useStacked();
  const { collapsed } = usePaneLayout()[pane];
  const sheetOpen = useOpenSheet() === pane;
  const count = useStore((s) => (pane === 'findings' ? s.view?.findings.length : s.selection?.index));
  const label = PANE_LABELS[pane];
  const badge = count === undefined ? null : <span className="count">{pane === 'findings' ? formatCount(count) : `#${count}`}</span>;
  const expanded = stacked ? sheetOpen : !collapsed;
  return (
    <button
      type="button"
      className={`pane-toggle pane-toggle-${pane}${expanded ? ' on' : ''}`}
      data-testid="pane-toggle"
      data-pane={pane}
      aria-controls={paneId(pane)}
      aria-expanded={expanded}
      aria-haspopup={stacked ? 'dialog' : undefined}
      title={stacked ? `Open the ${label.toLowerCase()}` : `${collapsed ? 'Show' : 'Hide'} the ${label.toLowerCase()} pane`}
      onClick={() => (stacked ? setOpenSheet(pane) : setPane(pane, { collapsed: !collapsed }))}
    >
      <span className="pane-toggle-icon" aria-hidden="true">
        {pane === 'findings' ? '◧' : '◨'}
      </span>
      <span className="pane-toggle-label">{label}</span> {badge}
    </button>
  );
}

import { useStore } from '../../store/store';
import type { SideTab as Tab } from '../../store/viewSlice';
import { PanelFailed } from '../components/PanelFailed';
import { ErrorBoundary } from '../ErrorBoundary';
import { formatCount } from '../text/format';
import { VerdictsPanel } from '../verdicts/VerdictsPanel';
import { FindingsList } from './FindingsList';
import { RepairButton } from '../repair/RepairButton';

/**
 * The left column: the findings, and beside them in a second tab the provider verdicts. Both stay in
 * the DOM (the inactive one hidden), so the findings on show are always there for automation.
 */
export function FindingsPanel() {
  // In the store, not here: the address keeps the open tab (`#tab=`) and a link restores it.
  const tab = useStore((s) => s.sideTab);
  const setTab = useStore((s) => s.setSideTab);
  const findings = useStore((s) => s.view?.findings);
  const verdicts = useStore((s) => s.view?.verdicts);
  const formatLabel = useStore((s) => s.view?.formatLabel) ?? '';
  const rejecting = verdicts?.filter((verdict) => !verdict.accepted).length ?? 0;
  // Most messages not read: no ✓, since nothing was looked at (each verdict says how many were not read).
  const unjudged = verdicts?.some((verdict) => verdict.unjudged !== undefined) ?? false;
  const badge = rejecting > 0 ? { text: `✗ ${rejecting}`, tone: 'rejecting' } : unjudged ? { text: '?', tone: 'unjudged' } : { text: '✓', tone: 'accepting' };
  const tabProps = (id: Tab) => ({
    id: `side-tab-${id}`,
    role: 'tab',
    type: 'button' as const,
    className: `side-tab${tab === id ? ' active' : ''}`,
    'aria-selected': tab === id,
    'aria-controls': `side-panel-${id}`,
    'data-testid': 'side-tab',
    'data-tab': id,
    onClick: () => setTab(id),
  });
  return (
    <aside className="panel findings-panel side-panel" aria-label="Findings and provider verdicts">
      <div className="side-tabs" role="tablist">
        <button {...tabProps('findings')}>Findings {findings && <span className="count">{formatCount(findings.length)}</span>}</button>
        <button {...tabProps('verdicts')} title="Would providers accept this history as the next request?">
          Providers {verdicts && <span className={`count verdict-count ${badge.tone}`}>{badge.text}</span>}
        </button>
      </div>
      <div id="side-panel-findings" role="tabpanel" aria-labelledby="side-tab-findings" data-testid="findings" hidden={tab !== 'findings'}>
        <ErrorBoundary resetKey={findings} fallback={(error) => <PanelFailed panel="findings" label="The findings" error={error} />}>
          {findings && <RepairButton />}
          {findings && <FindingsList findings={findings} />}
        </ErrorBoundary>
      </div>
      <div id="side-panel-verdicts" role="tabpanel" aria-labelledby="side-tab-verdicts" hidden={tab !== 'verdicts'}>
        <ErrorBoundary resetKey={verdicts} fallback={(error) => <PanelFailed panel="verdicts" label="The provider verdicts" error={error} />}>
          {verdicts && <VerdictsPanel verdicts={verdicts} formatLabel={formatLabel} />}
        </ErrorBoundary>
      </div>
    </aside>
  );
}

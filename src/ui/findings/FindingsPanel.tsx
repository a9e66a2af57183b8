import { useState } from 'react';
import { useStore } from '../../store/store';
import { formatCount } from '../text/format';
import { VerdictsPanel } from '../verdicts/VerdictsPanel';
import { FindingsList } from './FindingsList';

type Tab = 'findings' | 'verdicts';

/**
 * The left column: the findings, and beside them in a second tab the provider verdicts. Both stay in
 * the DOM (the inactive one hidden), so the findings on show are always there for automation.
 */
export function FindingsPanel() {
  const [tab, setTab] = useState<Tab>('findings');
  const findings = useStore((s) => s.view?.findings);
  const verdicts = useStore((s) => s.view?.verdicts);
  const rejecting = verdicts?.filter((verdict) => !verdict.accepted).length ?? 0;
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
          Providers{' '}
          {verdicts && <span className={`count verdict-count${rejecting > 0 ? ' rejecting' : ' accepting'}`}>{rejecting > 0 ? `✗ ${rejecting}` : '✓'}</span>}
        </button>
      </div>
      <div id="side-panel-findings" role="tabpanel" aria-labelledby="side-tab-findings" data-testid="findings" hidden={tab !== 'findings'}>
        {findings && <FindingsList findings={findings} />}
      </div>
      <div id="side-panel-verdicts" role="tabpanel" aria-labelledby="side-tab-verdicts" hidden={tab !== 'verdicts'}>
        {verdicts && <VerdictsPanel verdicts={verdicts} />}
      </div>
    </aside>
  );
}

import { lazy, Suspense } from 'react';
import { useStore } from '../../store/store';
import { Timeline } from '../timeline/Timeline';
import { ViewSwitch } from './ViewSwitch';

// The tables and the charts load when first opened: the timeline's first paint carries none of their code.
const MessagesTable = lazy(() => import('../table/MessagesTableView'));
const ToolsView = lazy(() => import('../tools/ToolsView'));
const TokensView = lazy(() => import('../tokens/TokensView'));

/** The centre column: the view switch over the timeline or one of the run's tables and charts. */
export function MainColumn() {
  const mainView = useStore((s) => s.mainView);
  const hasView = useStore((s) => s.view !== null);
  return (
    <section className="main-column" aria-label="Run">
      {hasView && <ViewSwitch />}
      {mainView === 'timeline' || !hasView ? (
        <Timeline />
      ) : (
        <Suspense fallback={<p className="view-loading">Loading…</p>}>
          {mainView === 'table' && <MessagesTable />}
          {mainView === 'tools' && <ToolsView />}
          {mainView === 'tokens' && <TokensView />}
        </Suspense>
      )}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useStore } from '../../store/store';
import type { MainView } from '../../store/viewSlice';
import { PaneToggle } from '../layout/PaneToggle';
import { Timeline } from '../timeline/Timeline';
import { VIEW_MODULES } from './viewModules';
import { ViewSwitch } from './ViewSwitch';

function LazyView({ view }: { view: Exclude<MainView, 'timeline'> }) {
  const load = VIEW_MODULES[view].use();
  if (load.status === 'loading') return <p className="view-loading">Loading…</p>;
  if (load.status === 'error') return <p className="view-loading">Could not load this view: {load.message}</p>;
  const View = load.module.default;
  return <View />;
}

/** The centre column: the view switch over the timeline or one of the run's tables and charts. */
export function MainColumn() {
  const mainView = useStore((s) => s.mainView);
  const hasView = useStore((s) => s.view !== null);
  const scrollTo = useStore((s) => s.scrollTo);
  // Back on the timeline from another view: the selection made there (a row of a table, a point of a chart) is
  // scrolled to, as the timeline shows it from its top otherwise.
  const shown = useRef(mainView);
  useEffect(() => {
    const before = shown.current;
    shown.current = mainView;
    const selected = useStore.getState().selection?.index;
    if (mainView === 'timeline' && before !== 'timeline' && selected !== undefined) scrollTo(selected, 'center');
  }, [mainView, scrollTo]);
  return (
    <section className="main-column" aria-label="Run">
      {hasView && (
        <div className="main-bar">
          <PaneToggle pane="findings" />
          <ViewSwitch />
          <PaneToggle pane="detail" />
        </div>
      )}
      {mainView === 'timeline' || !hasView ? <Timeline /> : <LazyView key={mainView} view={mainView} />}
    </section>
  );
}

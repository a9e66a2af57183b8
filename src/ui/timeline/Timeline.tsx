import { useMemo, useState, type KeyboardEvent } from 'react';
import { visibleRows } from '../../store/filter';
import { useStore } from '../../store/store';
import { useMessageOrder } from '../keyboard/messageOrder';
import { Overview } from './Overview';
import { TimelineToolbar } from './TimelineToolbar';
import { VirtualTimeline } from './VirtualTimeline';

/** The message list column: filters on top, the virtualized cards below, the overview strip beside them. */
export function Timeline() {
  const view = useStore((s) => s.view);
  const version = useStore((s) => s.transcriptVersion);
  const loadState = useStore((s) => s.loadState);
  const loadSource = useStore((s) => s.loadSource);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  const searchHits = useStore((s) => s.searchHits);
  const scrollTo = useStore((s) => s.scrollTo);
  // State, not a ref: the list attaches to the element when it mounts, even in the same commit (see useVirtualRows).
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  const rows = useMemo(() => (view ? visibleRows(view, hiddenRoles, searchHits) : new Int32Array(0)), [view, hiddenRoles, searchHits]);
  // j, k and the arrows step through these, with or without the focus here (keyboard/useShortcuts.ts).
  useMessageOrder(rows);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (rows.length === 0 || (event.key !== 'Home' && event.key !== 'End')) return;
    event.preventDefault();
    const first = event.key === 'Home';
    scrollTo(rows[first ? 0 : rows.length - 1]!, first ? 'start' : 'end');
  };

  return (
    <section className="timeline-column" aria-label="Timeline">
      {view && <TimelineToolbar rows={rows} />}
      <div className="timeline-body">
        <div
          ref={setScroller}
          className="timeline"
          data-testid="timeline"
          data-state={loadState}
          data-source={loadSource}
          data-message-count={view?.count ?? 0}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          {view ? <VirtualTimeline key={version} view={view} rows={rows} scroller={scroller} /> : <EmptyTimeline loading={loadState === 'loading'} />}
        </div>
        {view && <Overview key={version} view={view} />}
      </div>
    </section>
  );
}

function EmptyTimeline({ loading }: { loading: boolean }) {
  if (loading) return <p className="timeline-empty">Loading…</p>;
  return (
    <div className="timeline-empty">
      <p>
        <strong>Open a message history</strong>
      </p>
      <p>Drop a file here, paste with Ctrl+V, or use “Open file…”. Nothing leaves your machine.</p>
    </div>
  );
}

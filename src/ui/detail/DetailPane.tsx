import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '../../store/store';
import { ErrorBoundary } from '../ErrorBoundary';
import { loadMarkdown } from '../content/markdownChunk';
import { useDetail } from './useDetail';

// Not needed until a message is selected: its code loads after the first paint.
const MessageDetail = lazy(() => import('./MessageDetail'));

function DetailFailed({ index, reason }: { index: number; reason: string }) {
  return (
    <p className="panel-empty" role="alert" data-testid="detail-error">
      Could not show message #{index}: {reason}
    </p>
  );
}

export function DetailPane() {
  const view = useStore((s) => s.view);
  const index = useStore((s) => s.selection?.index);
  const fetched = useDetail(view ? index : undefined);
  const pending = index !== undefined && view !== null && fetched === null;
  // The text renderer comes beside the pane's code and the worker's answer, not after them.
  useEffect(() => {
    if (index !== undefined) loadMarkdown().catch(() => undefined);
  }, [index]);
  // Another message is read from its top, not at the depth the last one was scrolled to (j and k in a sheet).
  const pane = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    pane.current?.scrollTo({ top: 0 });
  }, [index]);
  return (
    // Focusable: Tab stops on the pane itself, whose arrow keys and Page keys then scroll it (keyboard/keyTarget.ts).
    <aside ref={pane} className="panel detail-panel" aria-label="Message detail" data-testid="detail" data-index={index} tabIndex={0}>
      {view && fetched && 'detail' in fetched ? (
        // The detail's code loads late: if it fails (e.g. offline), this pane says so and the timeline stays.
        <ErrorBoundary key={fetched.index} fallback={(error) => <DetailFailed index={fetched.index} reason={error.message} />}>
          <Suspense fallback={<p className="panel-empty">Loading…</p>}>
            <MessageDetail detail={fetched.detail} view={view} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <>
          <h2 className="panel-title">Detail</h2>
          {pending && <p className="panel-empty">Loading message #{index}…</p>}
          {fetched && 'error' in fetched && <DetailFailed index={fetched.index} reason={fetched.error} />}
          {index === undefined && (
            <p className="panel-empty">Select a message to see every field and its original JSON. j and k step through the messages; ? lists every key.</p>
          )}
        </>
      )}
    </aside>
  );
}

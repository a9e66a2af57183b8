import type { ReactNode } from 'react';
import { useStore } from '../../store/store';
import { CappedText } from '../components/CappedText';
import { useDetail } from '../detail/useDetail';
import { ErrorBoundary } from '../ErrorBoundary';

/** In place of a card that threw while drawing: why, and the message as the input wrote it, asked of the worker. */
function CardFailed({ index, error }: { index: number; error: Error }) {
  const select = useStore((s) => s.select);
  const fetched = useDetail(index);
  return (
    <article className="card card-failed" role="alert" data-testid="card-error" data-index={index} onClick={() => select({ index })}>
      <header className="card-head">
        <span className="card-index">#{index}</span>
        <span className="card-failed-reason">This message could not be drawn: {error.message}</span>
      </header>
      {fetched === null ? (
        <p className="card-failed-note">Fetching its JSON…</p>
      ) : 'detail' in fetched ? (
        <CappedText text={fetched.detail.rawJson} cap={2000} className="pre card-failed-json" testId="card-error-json" />
      ) : (
        <p className="card-failed-note">Its JSON could not be fetched either: {fetched.error}</p>
      )}
    </article>
  );
}

/** Around one card of the timeline: a card that throws shows CardFailed in its place, and the other cards stay. */
export function CardBoundary({ index, children }: { index: number; children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <CardFailed index={index} error={error} />}>{children}</ErrorBoundary>;
}

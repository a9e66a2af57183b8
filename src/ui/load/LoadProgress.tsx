import { useStore } from '../../store/store';
import type { LoadProgress as Progress } from '../../protocol/workerApi';
import { formatCount } from '../text/format';

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

function describe(progress: Progress | null): string {
  if (!progress) return 'Starting…';
  if (progress.phase === 'read') {
    const read = progress.total !== undefined ? `Reading ${megabytes(progress.bytes)} of ${megabytes(progress.total)}` : `Reading ${megabytes(progress.bytes)}`;
    return progress.entries === undefined ? read : `${read} · ${formatCount(progress.entries)} entries parsed`;
  }
  if (progress.phase === 'parse') return `Parsing, linking and checking ${megabytes(progress.bytes)}…`;
  return `Preparing ${formatCount(progress.messages ?? 0)} messages…`;
}

/** What the load in progress has done so far, with a way to stop it; the history on screen stays usable. */
export function LoadProgress() {
  const loading = useStore((s) => s.loader !== null);
  const progress = useStore((s) => s.progress);
  const source = useStore((s) => s.loadSource);
  const cancel = useStore((s) => s.cancelLoad);
  if (!loading) return null;
  const fraction = progress?.phase === 'read' && progress.total ? progress.bytes / progress.total : undefined;
  return (
    <div
      className="load-progress"
      data-testid="progress"
      data-phase={progress?.phase ?? 'start'}
      data-bytes={progress?.bytes}
      data-total={progress?.total}
      data-messages={progress?.messages}
      data-entries={progress?.entries}
    >
      <div className="load-progress-text">
        <strong>Opening {source === 'paste' ? 'pasted text' : source}</strong>
        <span className="muted">{describe(progress)}</span>
        <button type="button" className="button ghost small" data-testid="cancel-load" onClick={cancel}>
          Cancel
        </button>
      </div>
      <div
        className={`load-progress-bar${fraction === undefined ? ' indeterminate' : ''}`}
        role="progressbar"
        aria-label="Loading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fraction === undefined ? undefined : Math.round(fraction * 100)}
      >
        <div style={fraction === undefined ? undefined : { transform: `scaleX(${fraction})` }} />
      </div>
    </div>
  );
}

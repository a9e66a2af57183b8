import { formatCount } from '../text/format';
import type { SeveralDropped } from './useFileDrop';

/** Names shown of the files not opened; the rest are counted. */
const NAMED = 5;

/** After a drop of several files: msgscope opened the first of them (one history at a time), and these were not. */
export function DroppedNotice({ dropped, onClose }: { dropped: SeveralDropped; onClose: () => void }) {
  const { opened, others } = dropped;
  const named = others.slice(0, NAMED).join(', ');
  const more = others.length > NAMED ? ` and ${formatCount(others.length - NAMED)} more` : '';
  return (
    <div className="export-notice dropped-notice" role="status" data-testid="dropped-notice" data-dropped={others.length + 1} data-opened={opened}>
      <div className="export-notice-head">
        <strong>
          {formatCount(others.length + 1)} files dropped: opened {opened} only
        </strong>
        <button type="button" className="link-button" data-testid="dropped-notice-close" onClick={onClose}>
          Close
        </button>
      </div>
      <p>
        msgscope opens one history at a time. Not opened: {named}
        {more}. Drop each one on its own to open it.
      </p>
    </div>
  );
}

import type { Card } from '../../protocol/workerApi';
import { plural } from '../text/format';

/** Names the non-text blocks (images, reasoning, files…) the card's text does not show. */
export function ContentKinds({ kinds }: { kinds: Card['contentKinds'] }) {
  if (kinds.length === 0) return null;
  return (
    <div className="content-kinds">
      {kinds.map(({ kind, count }) => (
        <span key={kind} className="content-kind">
          {plural(count, kind === 'other' ? 'other block' : `${kind} block`)}
        </span>
      ))}
    </div>
  );
}

import type { ContentBlock } from '../../core/model';
import { plural } from '../text/format';

/** Names the non-text blocks (images, reasoning, files…) the card's text does not show. */
export function ContentKinds({ blocks }: { blocks: ContentBlock[] }) {
  const counts = new Map<string, number>();
  for (const block of blocks) {
    if (block.kind === 'text' || block.kind === 'tool_call' || block.kind === 'tool_result') continue;
    counts.set(block.kind, (counts.get(block.kind) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  return (
    <div className="content-kinds">
      {[...counts].map(([kind, count]) => (
        <span key={kind} className="content-kind">
          {plural(count, kind === 'other' ? 'other block' : `${kind} block`)}
        </span>
      ))}
    </div>
  );
}

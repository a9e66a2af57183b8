import { useStore } from '../../store/store';
import { formatCount } from '../text/format';
import { useOffscreen } from './visibleRange';

interface Props {
  /** The message the link leads to. */
  target: number;
  /** The message the link starts from. */
  from: number;
  toolCallId?: string;
}

/** On a link whose other end is out of view: which way and how many messages away it is; clicking jumps there. */
export function OffscreenLink({ target, from, toolCallId }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const where = useOffscreen(target, from);
  if (!where) return null;
  const distance = Math.abs(target - from);
  return (
    <button
      type="button"
      className="offscreen-link"
      data-testid="offscreen-link"
      data-target-index={target}
      data-distance={distance}
      title={`#${target} is ${formatCount(distance)} messages ${where}: jump there`}
      onClick={(event) => {
        event.stopPropagation();
        jumpTo({ index: target, ...(toolCallId !== undefined ? { toolCallId } : {}) });
      }}
    >
      {where === 'above' ? '↑' : '↓'} {formatCount(distance)}
    </button>
  );
}

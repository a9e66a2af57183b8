import { useStore } from '../../store/store';
import type { CallChip } from '../../protocol/workerApi';
import { ToolCallChip } from '../components/ToolCallChip';
import { OffscreenLink } from './OffscreenLink';

interface Props {
  calls: readonly CallChip[];
  messageIndex: number;
  highlightedIds: ReadonlySet<string>;
}

/** An AI message's tool calls: hovering one highlights its result, clicking jumps there (or selects the call). */
export function ToolCalls({ calls, messageIndex, highlightedIds }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const select = useStore((s) => s.select);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  return (
    <div className="tool-calls">
      {calls.map((call, i) => {
        const { id, result } = call;
        const selection = id !== undefined ? { toolCallId: id } : {};
        return (
          <ToolCallChip
            key={i}
            call={call}
            messageIndex={messageIndex}
            highlighted={id !== undefined && highlightedIds.has(id)}
            onHover={hoverToolCall}
            onClick={() => (result !== undefined ? jumpTo({ index: result, ...selection }) : select({ index: messageIndex, ...selection }))}
          >
            {result !== undefined && <OffscreenLink target={result} from={messageIndex} {...selection} />}
          </ToolCallChip>
        );
      })}
    </div>
  );
}

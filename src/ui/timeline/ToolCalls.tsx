import { useStore } from '../../store/store';
import type { CallChip } from '../../protocol/workerApi';
import { ToolCallChip } from '../components/ToolCallChip';
import { OffscreenLink } from './OffscreenLink';

interface Props {
  calls: readonly CallChip[];
  messageIndex: number;
  highlightedIds: ReadonlySet<string>;
  /** The search's matches to mark in the calls' names and arguments. */
  pattern?: RegExp | null;
}

/** An AI message's tool calls: hovering one highlights its result, clicking jumps there (or selects the call). */
export function ToolCalls({ calls, messageIndex, highlightedIds, pattern = null }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const select = useStore((s) => s.select);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const collection = useStore((s) => s.view?.collection);
  const openConversation = useStore((s) => s.openConversation);
  /** The conversation a call started (a sub-agent, a hand-off), to step into from the call. */
  const startedBy = (id: string | undefined) =>
    id === undefined ? -1 : (collection?.conversations.findIndex((c) => c.parent?.conversation === collection.open && c.parent.toolCallId === id) ?? -1);
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
            pattern={pattern}
            onHover={hoverToolCall}
            onClick={() => (result !== undefined ? jumpTo({ index: result, ...selection }) : select({ index: messageIndex, ...selection }))}
          >
            {result !== undefined && <OffscreenLink target={result} from={messageIndex} {...selection} />}
            {startedBy(id) !== -1 && (
              <button
                type="button"
                className="offscreen-link"
                data-testid="open-sub-conversation"
                title={`Open the conversation this call started: ${collection?.conversations[startedBy(id)]?.label ?? ''}`}
                onClick={(event) => {
                  event.stopPropagation();
                  void openConversation(startedBy(id));
                }}
              >
                ↘ open
              </button>
            )}
          </ToolCallChip>
        );
      })}
    </div>
  );
}

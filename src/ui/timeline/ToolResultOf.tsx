import { useStore } from '../../store/store';
import type { Card } from '../../protocol/workerApi';
import { OffscreenLink } from './OffscreenLink';

interface Props {
  card: Card;
  highlighted: ReadonlySet<string>;
}

/** Names the call a tool result answers; clicking jumps to it. */
export function ToolResultOf({ card, highlighted }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const { toolCallId: id, resultOf: call } = card;
  const status = card.status && card.status !== 'success' ? (
    <span className={`result-status status-${card.status === 'error' ? 'error' : 'other'}`}>{card.status}</span>
  ) : null;

  if (id === undefined || !call) {
    return (
      <div className="result-of-row">
        <span className="tool-result-of orphan" data-testid="tool-result-of" data-tool-call-id={id}>
          ↳ no matching call{id !== undefined ? ` · ${id}` : ' (no tool_call_id)'}
        </span>
        {status}
      </div>
    );
  }
  const active = highlighted.has(id);
  return (
    <div className="result-of-row">
      <button
        type="button"
        className={`tool-result-of${active ? ' highlighted' : ''}`}
        data-testid="tool-result-of"
        data-tool-call-id={id}
        data-highlighted={active || undefined}
        title={`Jump to the call in message #${call.messageIndex}`}
        onMouseEnter={() => hoverToolCall(id)}
        onMouseLeave={() => hoverToolCall(null)}
        onFocus={() => hoverToolCall(id)}
        onBlur={() => hoverToolCall(null)}
        onClick={(event) => {
          event.stopPropagation();
          jumpTo({ index: call.messageIndex, toolCallId: id });
        }}
      >
        ↳ result of <strong>{call.name}</strong> <span className="mono">{id}</span> · #{call.messageIndex}
      </button>
      <OffscreenLink target={call.messageIndex} from={card.index} toolCallId={id} />
      {status}
    </div>
  );
}

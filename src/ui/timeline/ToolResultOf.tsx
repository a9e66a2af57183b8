import type { Message, Transcript } from '../../core/model';
import { useStore } from '../../store/store';

interface Props {
  message: Message;
  transcript: Transcript;
  highlighted: ReadonlySet<string>;
}

/** Names the call a tool result answers; clicking jumps to it. */
export function ToolResultOf({ message, transcript, highlighted }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const id = message.toolCallId;
  const call = id !== undefined ? transcript.links.get(id)?.calls[0] : undefined;
  const status = message.status && message.status !== 'success' ? (
    <span className={`result-status status-${message.status === 'error' ? 'error' : 'other'}`}>{message.status}</span>
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
  const callMessage = transcript.messages[call.messageIndex];
  const toolCall = (call.invalid ? callMessage?.invalidToolCalls : callMessage?.toolCalls)?.[call.callIndex];
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
        ↳ result of <strong>{toolCall?.name ?? 'call'}</strong> <span className="mono">{id}</span> · #{call.messageIndex}
      </button>
      {status}
    </div>
  );
}

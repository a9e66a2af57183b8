import type { ReactNode } from 'react';
import type { Card } from '../../protocol/workerApi';

interface Props {
  /** The result's tool_call_id, if it has one. */
  toolCallId: string | undefined;
  /** The call it answers, if one was found. */
  call: Card['resultOf'];
  status: Card['status'];
  highlighted: boolean;
  /** The pointer or focus enters (the call's id) or leaves (null) the link to a matched call. */
  onHover: (id: string | null) => void;
  onJump: () => void;
  /** Drawn after the link: the way to the call when that is out of view. */
  children?: ReactNode;
}

/** Names the call a tool result answers, or says none matches; clicking a matched one jumps to it. */
export function ToolResultOf({ toolCallId: id, call, status, highlighted, onHover, onJump, children }: Props) {
  const statusBadge =
    status && status !== 'success' ? <span className={`result-status status-${status === 'error' ? 'error' : 'other'}`}>{status}</span> : null;

  if (id === undefined || !call) {
    return (
      <div className="result-of-row">
        <span className="tool-result-of orphan" data-testid="tool-result-of" data-tool-call-id={id}>
          ↳ no matching call{id !== undefined ? ` · ${id}` : ' (no tool_call_id)'}
        </span>
        {statusBadge}
      </div>
    );
  }
  return (
    <div className="result-of-row">
      <button
        type="button"
        className={`tool-result-of${highlighted ? ' highlighted' : ''}`}
        data-testid="tool-result-of"
        data-tool-call-id={id}
        data-highlighted={highlighted || undefined}
        title={`Jump to the call in message #${call.messageIndex}`}
        onMouseEnter={() => onHover(id)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(id)}
        onBlur={() => onHover(null)}
        onClick={(event) => {
          // The card around it selects its message on a click; the link's jump replaces that.
          event.stopPropagation();
          onJump();
        }}
      >
        ↳ result of <strong>{call.name}</strong> <span className="mono">{id}</span> · #{call.messageIndex}
      </button>
      {children}
      {statusBadge}
    </div>
  );
}

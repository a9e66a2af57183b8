import type { ReactNode } from 'react';
import type { CallChip } from '../../protocol/workerApi';
import { Highlighted } from '../search/Highlighted';

interface Props {
  call: CallChip;
  messageIndex: number;
  highlighted: boolean;
  /** The pointer or focus enters (the call's id) or leaves (null) a chip that has an id. */
  onHover: (id: string | null) => void;
  onClick: () => void;
  /** Drawn after the chip: the link to its result when that is out of view. */
  children?: ReactNode;
  /** The search's matches to mark in the name and arguments. */
  pattern?: RegExp | null;
}

/** Where the result is: its message, awaited (a pending call that ends the history), or missing. */
function target({ result, pending }: CallChip): string {
  if (result !== undefined) return `→ #${result}`;
  return pending ? 'awaits result' : 'no result';
}

/** One tool call of an AI message: its name, arguments, whether they are invalid, and where its result is. */
export function ToolCallChip({ call, messageIndex, highlighted, onHover, onClick, children, pattern = null }: Props) {
  const { id, result } = call;
  const hover = (on: boolean): void => {
    if (id !== undefined) onHover(on ? id : null);
  };
  return (
    <span className="tool-call-group">
      <button
        type="button"
        className={`tool-call${call.invalid ? ' invalid' : ''}${highlighted ? ' highlighted' : ''}`}
        data-testid="tool-call"
        data-tool-call-id={id}
        data-message-index={messageIndex}
        data-highlighted={highlighted || undefined}
        title={[call.name, `id ${id ?? '(none)'}`, call.error].filter(Boolean).join(' · ')}
        onMouseEnter={() => hover(true)}
        onMouseLeave={() => hover(false)}
        onFocus={() => hover(true)}
        onBlur={() => hover(false)}
        onClick={(event) => {
          // The card around it selects its message on a click; the chip's own action replaces that.
          event.stopPropagation();
          onClick();
        }}
      >
        <span className="tool-call-name">{call.name ? <Highlighted text={call.name} pattern={pattern} /> : '(unnamed)'}</span>
        <span className="tool-call-args">
          <Highlighted text={call.args} pattern={pattern} />
        </span>
        {call.invalid && <span className="tool-call-invalid">invalid</span>}
        <span className={`tool-call-target${result !== undefined ? '' : call.pending ? ' pending' : ' orphan'}`}>{target(call)}</span>
      </button>
      {children}
    </span>
  );
}

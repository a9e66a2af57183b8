import { useStore } from '../../store/store';
import type { CallChip } from '../../protocol/workerApi';
import { OffscreenLink } from './OffscreenLink';

interface Props {
  call: CallChip;
  messageIndex: number;
  highlighted: boolean;
}

/** One tool call of an AI message; hovering highlights its result, clicking jumps there. */
export function ToolCallChip({ call, messageIndex, highlighted }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const select = useStore((s) => s.select);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const { id, result } = call;
  const hover = (on: boolean) => id !== undefined && hoverToolCall(on ? id : null);

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
          event.stopPropagation();
          const selection = id !== undefined ? { toolCallId: id } : {};
          if (result !== undefined) jumpTo({ index: result, ...selection });
          else select({ index: messageIndex, ...selection });
        }}
      >
        <span className="tool-call-name">{call.name || '(unnamed)'}</span>
        <span className="tool-call-args">{call.args}</span>
        {call.invalid && <span className="tool-call-invalid">invalid</span>}
        <span className={`tool-call-target${result === undefined ? ' orphan' : ''}`}>
          {result !== undefined ? `→ #${result}` : 'no result'}
        </span>
      </button>
      {result !== undefined && <OffscreenLink target={result} from={messageIndex} {...(id !== undefined ? { toolCallId: id } : {})} />}
    </span>
  );
}

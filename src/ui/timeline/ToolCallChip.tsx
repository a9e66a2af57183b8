import type { Message, ToolCall, Transcript } from '../../core/model';
import { useStore } from '../../store/store';
import { argsPreview } from '../text/format';

interface Props {
  call: ToolCall;
  message: Message;
  transcript: Transcript;
  highlighted: boolean;
}

/** One tool call of an AI message; hovering highlights its result, clicking jumps there. */
export function ToolCallChip({ call, message, transcript, highlighted }: Props) {
  const jumpTo = useStore((s) => s.jumpTo);
  const select = useStore((s) => s.select);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const result = call.id !== undefined ? transcript.links.get(call.id)?.results[0] : undefined;
  const invalid = call.invalid === true || call.error !== undefined;
  const hover = (on: boolean) => call.id !== undefined && hoverToolCall(on ? call.id : null);

  return (
    <button
      type="button"
      className={`tool-call${invalid ? ' invalid' : ''}${highlighted ? ' highlighted' : ''}`}
      data-testid="tool-call"
      data-tool-call-id={call.id}
      data-message-index={message.index}
      data-highlighted={highlighted || undefined}
      title={[`${call.name}`, `id ${call.id ?? '(none)'}`, call.error].filter(Boolean).join(' · ')}
      onMouseEnter={() => hover(true)}
      onMouseLeave={() => hover(false)}
      onFocus={() => hover(true)}
      onBlur={() => hover(false)}
      onClick={(event) => {
        event.stopPropagation();
        const selection = call.id !== undefined ? { toolCallId: call.id } : {};
        if (result !== undefined) jumpTo({ index: result, ...selection });
        else select({ index: message.index, ...selection });
      }}
    >
      <span className="tool-call-name">{call.name || '(unnamed)'}</span>
      <span className="tool-call-args">{argsPreview(call)}</span>
      {invalid && <span className="tool-call-invalid">invalid</span>}
      <span className={`tool-call-target${result === undefined ? ' orphan' : ''}`}>
        {result !== undefined ? `→ #${result}` : 'no result'}
      </span>
    </button>
  );
}

import { memo } from 'react';
import type { Finding, Message, Transcript } from '../../core/model';
import { useStore } from '../../store/store';
import { ROLE_LABELS } from '../roles';
import { CardText } from './CardText';
import { ContentKinds } from './ContentKinds';
import { MessageTokens } from './MessageTokens';
import { ToolCallChip } from './ToolCallChip';
import { ToolResultOf } from './ToolResultOf';

interface Props {
  message: Message;
  transcript: Transcript;
  findings: Finding[] | undefined;
  selected: boolean;
  highlighted: boolean;
  highlightedIds: ReadonlySet<string>;
  expanded: boolean;
}

export const MessageCard = memo(function MessageCard({
  message,
  transcript,
  findings,
  selected,
  highlighted,
  highlightedIds,
  expanded,
}: Props) {
  const select = useStore((s) => s.select);
  const calls = [...message.toolCalls, ...message.invalidToolCalls];
  const showSourceType = message.sourceType.toLowerCase() !== message.role && message.sourceType !== '';
  return (
    <article
      className={`card role-${message.role}`}
      data-testid="message"
      data-index={message.index}
      data-role={message.role}
      data-message-id={message.id}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      onClick={() => select({ index: message.index })}
    >
      <header className="card-head">
        <span className="card-index">#{message.index}</span>
        <span className="role-badge">{ROLE_LABELS[message.role]}</span>
        {showSourceType && <span className="source-type">{message.sourceType}</span>}
        {message.name && <span className="card-name">{message.name}</span>}
        {message.id && (
          <span className="card-id" title={message.id}>
            {message.id}
          </span>
        )}
        <span className="card-spacer" />
        {findings?.map((finding, i) => (
          <span
            key={i}
            className={`finding-marker sev-${finding.severity}`}
            data-testid="message-finding"
            data-rule={finding.rule}
            data-severity={finding.severity}
            title={finding.text}
          >
            {finding.rule}
          </span>
        ))}
      </header>
      {message.problem && <p className="card-problem">Could not read this element: {message.problem}</p>}
      {message.toolCallId !== undefined || message.role === 'tool' ? (
        <ToolResultOf message={message} transcript={transcript} highlighted={highlightedIds} />
      ) : null}
      <CardText index={message.index} text={message.text} expanded={expanded} />
      <ContentKinds blocks={message.content} />
      {calls.length > 0 && (
        <div className="tool-calls">
          {calls.map((call, i) => (
            <ToolCallChip
              key={i}
              call={call}
              message={message}
              transcript={transcript}
              highlighted={call.id !== undefined && highlightedIds.has(call.id)}
            />
          ))}
        </div>
      )}
      {(message.usage || message.model) && (
        <footer className="card-foot">
          {message.model && <span className="card-model">{message.model}</span>}
          {message.usage && (
            <MessageTokens usage={message.usage} cumulative={transcript.tokens.cumulative[message.index] ?? 0} />
          )}
        </footer>
      )}
    </article>
  );
});

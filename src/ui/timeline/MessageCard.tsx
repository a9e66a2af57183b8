import { memo } from 'react';
import type { Finding, Role } from '../../core/model';
import { useStore } from '../../store/store';
import type { Card } from '../../protocol/workerApi';
import { ROLE_LABELS } from '../roles';
import { CardText } from './CardText';
import { ContentKinds } from '../components/ContentKinds';
import { MessageTokens } from '../components/MessageTokens';
import { ToolCallChip } from './ToolCallChip';
import { ToolResultOf } from './ToolResultOf';

interface Props {
  card: Card;
  role: Role;
  cumulative: number;
  findings: Finding[] | undefined;
  selected: boolean;
  highlighted: boolean;
  highlightedIds: ReadonlySet<string>;
  expanded: boolean;
}

export const MessageCard = memo(function MessageCard({
  card,
  role,
  cumulative,
  findings,
  selected,
  highlighted,
  highlightedIds,
  expanded,
}: Props) {
  const select = useStore((s) => s.select);
  const showSourceType = card.sourceType.toLowerCase() !== role && card.sourceType !== '';
  return (
    <article
      className={`card role-${role}`}
      data-testid="message"
      data-index={card.index}
      data-role={role}
      data-message-id={card.id}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      onClick={() => select({ index: card.index })}
    >
      <header className="card-head">
        <span className="card-index">#{card.index}</span>
        <span className="role-badge">{ROLE_LABELS[role]}</span>
        {showSourceType && <span className="source-type">{card.sourceType}</span>}
        {card.name && <span className="card-name">{card.name}</span>}
        {card.id && (
          <span className="card-id" title={card.id}>
            {card.id}
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
      {card.problem && <p className="card-problem">Could not read this element: {card.problem}</p>}
      {card.toolCallId !== undefined || role === 'tool' ? <ToolResultOf card={card} highlighted={highlightedIds} /> : null}
      <CardText card={card} expanded={expanded} />
      <ContentKinds kinds={card.contentKinds} />
      {card.calls.length > 0 && (
        <div className="tool-calls">
          {card.calls.map((call, i) => (
            <ToolCallChip
              key={i}
              call={call}
              messageIndex={card.index}
              highlighted={call.id !== undefined && highlightedIds.has(call.id)}
            />
          ))}
        </div>
      )}
      {(card.usage || card.model) && (
        <footer className="card-foot">
          {card.model && <span className="card-model">{card.model}</span>}
          {card.usage && <MessageTokens usage={card.usage} cumulative={cumulative} />}
        </footer>
      )}
    </article>
  );
});

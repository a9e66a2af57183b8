import { memo } from 'react';
import type { Finding, Role } from '../../core/model';
import { useStore } from '../../store/store';
import type { Card } from '../../protocol/workerApi';
import { CardText } from '../components/CardText';
import { ContentKinds } from '../components/ContentKinds';
import { MessageTokens } from '../components/MessageTokens';
import { ToolResultOf } from '../components/ToolResultOf';
import { focusFinding } from '../findings/findingFocus';
import { ROLE_LABELS } from '../roles';
import { Highlighted } from '../search/Highlighted';
import { CardTime } from './CardTime';
import { OffscreenLink } from './OffscreenLink';
import { ToolCalls } from './ToolCalls';
import { useFullText } from './useFullText';

interface Props {
  card: Card;
  role: Role;
  cumulative: number;
  findings: Finding[] | undefined;
  selected: boolean;
  highlighted: boolean;
  highlightedIds: ReadonlySet<string>;
  expanded: boolean;
  /** The message's time (ms since the epoch) and the gap since the previous one with a time; NaN: none. */
  timeMs: number;
  gapMs: number;
  longGap: boolean;
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
  timeMs,
  gapMs,
  longGap,
}: Props) {
  const select = useStore((s) => s.select);
  const jumpTo = useStore((s) => s.jumpTo);
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  const toggleExpanded = useStore((s) => s.toggleExpanded);
  const setSideTab = useStore((s) => s.setSideTab);
  // Read here rather than passed in: a new search marks the cards on screen without drawing the list again.
  const pattern = useStore((s) => s.searchPattern);
  const fullText = useFullText(card, expanded);
  const { toolCallId, resultOf } = card;
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
        {card.name && (
          <span className="card-name">
            <Highlighted text={card.name} pattern={pattern} />
          </span>
        )}
        {card.id && (
          <span className="card-id" title={card.id}>
            <Highlighted text={card.id} pattern={pattern} />
          </span>
        )}
        <span className="card-spacer" />
        <CardTime ms={timeMs} gapMs={gapMs} long={longGap} />
        {findings?.map((finding, i) => (
          // A link to its finding: the card is selected as a click on it selects it, and the findings list shows the finding.
          <button
            key={i}
            type="button"
            className={`finding-marker sev-${finding.severity}`}
            data-testid="message-finding"
            data-rule={finding.rule}
            data-severity={finding.severity}
            title={`${finding.text} (show it in the findings)`}
            onClick={() => {
              setSideTab('findings');
              focusFinding(finding);
            }}
          >
            {finding.rule}
          </button>
        ))}
      </header>
      {card.problem && <p className="card-problem">Could not read this element: {card.problem}</p>}
      {toolCallId !== undefined || role === 'tool' ? (
        <ToolResultOf
          toolCallId={toolCallId}
          call={resultOf}
          status={card.status}
          highlighted={toolCallId !== undefined && highlightedIds.has(toolCallId)}
          onHover={hoverToolCall}
          onJump={() => {
            if (resultOf && toolCallId !== undefined) jumpTo({ index: resultOf.messageIndex, toolCallId });
          }}
        >
          {resultOf && <OffscreenLink target={resultOf.messageIndex} from={card.index} toolCallId={toolCallId} />}
        </ToolResultOf>
      ) : null}
      <CardText
        text={card.text}
        textLength={card.textLength}
        expanded={expanded}
        fullText={fullText}
        onToggle={() => toggleExpanded(card.index)}
        pattern={pattern}
      />
      <ContentKinds kinds={card.contentKinds} />
      {card.calls.length > 0 && <ToolCalls calls={card.calls} messageIndex={card.index} highlightedIds={highlightedIds} pattern={pattern} />}
      {(card.usage || card.model) && (
        <footer className="card-foot">
          {card.model && <span className="card-model">{card.model}</span>}
          {card.usage && <MessageTokens usage={card.usage} cumulative={cumulative} />}
        </footer>
      )}
    </article>
  );
});

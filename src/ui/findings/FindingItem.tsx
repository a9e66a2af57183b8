import { useEffect, useRef } from 'react';
import type { Finding } from '../../core/model';
import { useStore } from '../../store/store';
import { ruleHref, useFocusedFinding } from './findingFocus';

/**
 * A finding: its rule (a link to the rule's section of docs/RULES.md, in a new tab), what is wrong and how to fix it
 * in plain sight, why it matters behind a disclosure. Clicking it (but its links and disclosure) jumps to its
 * message; a card's marker for it scrolls it into view and marks it.
 */
export function FindingItem({ finding }: { finding: Finding }) {
  const jumpTo = useStore((s) => s.jumpTo);
  const active = useStore((s) => s.selection?.index === finding.messageIndex);
  const focused = useFocusedFinding();
  const isFocused = focused?.finding === finding;
  const main = useRef<HTMLButtonElement>(null);
  const ask = isFocused ? focused.ask : 0;
  useEffect(() => {
    if (ask === 0) return;
    main.current?.scrollIntoView({ block: 'center' });
    main.current?.focus({ preventScroll: true });
  }, [ask]);
  const jump = (): void => {
    if (finding.messageIndex < 0) return;
    jumpTo({
      index: finding.messageIndex,
      related: [finding.messageIndex, ...finding.related],
      ...(finding.toolCallId !== undefined ? { toolCallId: finding.toolCallId } : {}),
    });
  };
  const href = ruleHref(finding.rule);
  return (
    <div
      className={`finding sev-${finding.severity}${active ? ' active' : ''}${isFocused ? ' focused' : ''}`}
      data-testid="finding"
      data-rule={finding.rule}
      data-severity={finding.severity}
      data-tool-call-id={finding.toolCallId}
      data-message-id={finding.messageId}
      data-message-index={finding.messageIndex}
      data-focused={isFocused || undefined}
      onClick={jump}
    >
      <span className="finding-head">
        {href === undefined ? (
          <span className="finding-rule">{finding.rule}</span>
        ) : (
          <a
            className="finding-rule"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="finding-rule-link"
            title={`What ${finding.rule} means, who rejects it and how it is repaired (opens in a new tab)`}
            onClick={(event) => event.stopPropagation()}
          >
            {finding.rule}
          </a>
        )}
        {finding.messageIndex >= 0 && <span className="finding-at">#{finding.messageIndex}</span>}
      </span>
      <button type="button" className="finding-main" ref={main}>
        <span className="finding-text">{finding.text}</span>
      </button>
      <p className="finding-fix" data-testid="finding-fix">
        <strong>Fix:</strong> {finding.fix}
      </p>
      <details className="finding-more" onClick={(event) => event.stopPropagation()}>
        <summary>Why it matters</summary>
        <p>{finding.why}</p>
      </details>
    </div>
  );
}

import type { Finding } from '../../core/model';
import { useStore } from '../../store/store';

/** A finding; clicking anywhere on it (except its explanation toggle) jumps to its message. */
export function FindingItem({ finding }: { finding: Finding }) {
  const jumpTo = useStore((s) => s.jumpTo);
  const active = useStore((s) => s.selection?.index === finding.messageIndex);
  const jump = (): void => {
    if (finding.messageIndex < 0) return;
    jumpTo({
      index: finding.messageIndex,
      related: [finding.messageIndex, ...finding.related],
      ...(finding.toolCallId !== undefined ? { toolCallId: finding.toolCallId } : {}),
    });
  };
  return (
    <div
      className={`finding sev-${finding.severity}${active ? ' active' : ''}`}
      data-testid="finding"
      data-rule={finding.rule}
      data-severity={finding.severity}
      data-tool-call-id={finding.toolCallId}
      data-message-id={finding.messageId}
      data-message-index={finding.messageIndex}
      onClick={jump}
    >
      <button type="button" className="finding-main">
        <span className="finding-head">
          <span className="finding-rule">{finding.rule}</span>
          {finding.messageIndex >= 0 && <span className="finding-at">#{finding.messageIndex}</span>}
        </span>
        <span className="finding-text">{finding.text}</span>
      </button>
      <details className="finding-more" onClick={(event) => event.stopPropagation()}>
        <summary>Why it matters · how to fix</summary>
        <p>
          <strong>Why:</strong> {finding.why}
        </p>
        <p>
          <strong>Fix:</strong> {finding.fix}
        </p>
      </details>
    </div>
  );
}

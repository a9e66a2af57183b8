import { useStore } from '../../store/store';
import { SEVERITIES } from '../../store/transcriptIndex';
import { useTranscriptIndex } from '../../store/hooks';
import { FindingItem } from './FindingItem';

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;

/** Every finding, grouped by severity; each one jumps to its message. */
export function FindingsPanel() {
  const findings = useStore((s) => s.transcript?.findings);
  const index = useTranscriptIndex();
  return (
    <aside className="panel findings-panel" aria-label="Findings" data-testid="findings">
      <h2 className="panel-title">
        Findings {findings && <span className="count">{findings.length}</span>}
      </h2>
      {findings && findings.length === 0 && (
        <p className="panel-empty">No findings: every tool call has its result, in order.</p>
      )}
      {findings &&
        index &&
        SEVERITIES.filter((severity) => index.severityCounts[severity] > 0).map((severity) => (
          <section key={severity} className="finding-group">
            <h3 className={`finding-group-title sev-${severity}`}>
              {HEADINGS[severity]} <span className="count">{index.severityCounts[severity]}</span>
            </h3>
            <ul className="finding-list">
              {findings.map((finding, i) =>
                finding.severity === severity ? (
                  <li key={i}>
                    <FindingItem finding={finding} />
                  </li>
                ) : null,
              )}
            </ul>
          </section>
        ))}
    </aside>
  );
}

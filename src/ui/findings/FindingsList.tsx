import type { Finding } from '../../core/model';
import { useTranscriptIndex } from '../../store/hooks';
import { SEVERITIES } from '../../store/transcriptIndex';
import { FindingItem } from './FindingItem';

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;

/** Every finding, grouped by severity; each one jumps to its message. */
export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  const index = useTranscriptIndex();
  if (findings.length === 0) return <p className="panel-empty">No findings: every tool call has its result, in order.</p>;
  if (!index) return null;
  return SEVERITIES.filter((severity) => index.severityCounts[severity] > 0).map((severity) => (
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
  ));
}

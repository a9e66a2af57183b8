import { useEffect } from 'react';
import type { Finding, Severity } from '../../core/model';
import { useTranscriptIndex } from '../../store/hooks';
import { SEVERITIES } from '../../store/transcriptIndex';
import { ShowMore, useShownInSteps } from '../components/ShowMore';
import { formatCount } from '../text/format';
import { FindingItem } from './FindingItem';
import { useFocusedFinding } from './findingFocus';

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;

/** The findings grouped by severity, each group a step at a time; each finding jumps to its message. */
export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  const index = useTranscriptIndex();
  if (findings.length === 0) return <p className="panel-empty">No findings: every tool call has its result, in order.</p>;
  if (!index) return null;
  return SEVERITIES.filter((severity) => index.severityCounts[severity] > 0).map((severity) => (
    <FindingGroup key={severity} severity={severity} findings={findings} count={index.severityCounts[severity]} />
  ));
}

function FindingGroup({ severity, findings, count }: { severity: Severity; findings: readonly Finding[]; count: number }) {
  const { shown, showMore, showAtLeast } = useShownInSteps();
  // A marker's finding past the steps shown is shown with the steps before it.
  const focused = useFocusedFinding();
  useEffect(() => {
    if (focused?.finding.severity !== severity) return;
    let position = 0;
    for (const finding of findings) {
      if (finding === focused.finding) return showAtLeast(position + 1);
      if (finding.severity === severity) position++;
    }
  }, [focused, findings, severity, showAtLeast]);
  const items: Finding[] = [];
  for (let i = 0; i < findings.length && items.length < shown; i++) if (findings[i]!.severity === severity) items.push(findings[i]!);
  return (
    <section className="finding-group" data-severity={severity}>
      <h3 className={`finding-group-title sev-${severity}`}>
        {HEADINGS[severity]} <span className="count">{formatCount(count)}</span>
      </h3>
      <ul className="finding-list">
        {items.map((finding, i) => (
          <li key={i}>
            <FindingItem finding={finding} />
          </li>
        ))}
      </ul>
      <ShowMore shown={items.length} total={count} onMore={showMore} />
    </section>
  );
}

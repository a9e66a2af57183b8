import { useTranscriptIndex } from '../../store/hooks';
import { SEVERITIES } from '../../store/transcriptIndex';
import { plural } from '../text/format';

export function FindingCounts() {
  const index = useTranscriptIndex();
  if (!index) return null;
  const total = SEVERITIES.reduce((sum, severity) => sum + index.severityCounts[severity], 0);
  if (total === 0) return <span className="stat clean">No findings</span>;
  return (
    <span className="stat finding-counts">
      {SEVERITIES.filter((severity) => index.severityCounts[severity] > 0).map((severity) => (
        <span key={severity} className={`severity-pill sev-${severity}`} data-severity={severity}>
          {plural(index.severityCounts[severity], severity)}
        </span>
      ))}
    </span>
  );
}

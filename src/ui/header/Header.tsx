import { useStore } from '../../store/store';
import { plural } from '../text/format';
import { FindingCounts } from './FindingCounts';
import { LoadControls } from './LoadControls';
import { TokenTotal } from './TokenTotal';

const sourceLabel = (source: string): string =>
  source === 'sample' ? 'Sample history' : source === 'paste' ? 'Pasted text' : source;

export function Header() {
  const transcript = useStore((s) => s.transcript);
  const source = useStore((s) => s.transcriptSource);
  const loading = useStore((s) => s.loadState === 'loading');
  return (
    <header className="header">
      <div className="header-main">
        <div className="header-title">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              ◉
            </span>
            msgscope
          </div>
          {transcript && (
            <>
              <span className="source" title={source}>
                {sourceLabel(source)}
              </span>
              <span className="format" data-testid="format" data-format={transcript.format}>
                {transcript.formatLabel}
              </span>
            </>
          )}
        </div>
        <LoadControls />
      </div>
      {transcript && (
        <div className="summary">
          <span className="stat">{plural(transcript.messages.length, 'message')}</span>
          <span className="stat">{plural(transcript.links.size, 'tool call')}</span>
          <TokenTotal totals={transcript.tokens.totals} />
          <FindingCounts />
        </div>
      )}
      {loading && <div className="progress" role="progressbar" aria-label="Loading" />}
    </header>
  );
}

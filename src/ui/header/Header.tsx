import { useStore } from '../../store/store';
import { PanelFailed } from '../components/PanelFailed';
import { ErrorBoundary } from '../ErrorBoundary';
import { ExportMenu } from '../export/ExportMenu';
import { ShareMenu } from '../share/ShareMenu';
import { LoadToggle } from '../layout/LoadToggle';
import { ThemeToggle } from '../theme/ThemeToggle';
import { ConversationBar } from './ConversationBar';
import { plural } from '../text/format';
import { FindingCounts } from './FindingCounts';
import { FormatPicker } from './FormatPicker';
import { LoadControls } from './LoadControls';
import { Notes } from './Notes';
import { TokenTotal } from './TokenTotal';
import { sampleFile } from '../../store/sampleSource';
import { sourceName } from './sourceName';
import { useDocumentTitle } from './useDocumentTitle';

export function Header() {
  const view = useStore((s) => s.view);
  const source = useStore((s) => s.transcriptSource);
  useDocumentTitle(view ? source : undefined);
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
          <ErrorBoundary resetKey={view} fallback={(error) => <PanelFailed panel="header" label="The format and export controls" error={error} />}>
            {view && (
              <>
                <span className="source" data-testid="source-name" title={sampleFile(source) === undefined ? source : `A sample history: ${source}`}>
                  {sourceName(source)}
                </span>
                <span className="format" data-testid="format" data-format={view.format} data-kind={view.kind}>
                  {view.formatLabel}
                  {view.kind !== 'history' && <span className="format-kind"> · {view.kind}</span>}
                </span>
                <FormatPicker view={view} />
                <ExportMenu />
                <ShareMenu />
              </>
            )}
          </ErrorBoundary>
        </div>
        <LoadToggle />
        <LoadControls />
        <ThemeToggle />
      </div>
      {/* Without the counts, the conversations or the notes, the buttons above still open another history. */}
      <ErrorBoundary resetKey={view} fallback={(error) => <PanelFailed panel="header" label="The summary of this history" error={error} />}>
        {view && (
          <div className="summary">
            <span className="stat">{plural(view.count, 'message')}</span>
            <span className="stat">{plural(view.toolCalls, 'tool call')}</span>
            <TokenTotal totals={view.tokens.totals} />
            <FindingCounts />
          </div>
        )}
        {view?.collection && <ConversationBar collection={view.collection} />}
        {view?.notes && view.notes.length > 0 && <Notes notes={view.notes} />}
      </ErrorBoundary>
    </header>
  );
}

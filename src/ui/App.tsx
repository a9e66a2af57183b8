import { useStore } from '../store/store';
import { PanelFailed } from './components/PanelFailed';
import { DetailPane } from './detail/DetailPane';
import { ErrorBoundary } from './ErrorBoundary';
import { FindingsPanel } from './findings/FindingsPanel';
import { Header } from './header/Header';
import { DropOverlay } from './load/DropOverlay';
import { HandoffPrompt } from './load/HandoffPrompt';
import { ImportErrorBanner } from './load/ImportErrorBanner';
import { LoadProgress } from './load/LoadProgress';
import { useFileDrop } from './load/useFileDrop';
import { usePasteAnywhere } from './load/usePasteAnywhere';
import { ShareDialog } from './share/ShareDialog';
import { MainColumn } from './views/MainColumn';

/** What a panel that threw shows in its place: the other panels, and the history, stay. */
const failed = (panel: string, label: string) => (error: Error) => <PanelFailed panel={panel} label={label} error={error} />;

export function App() {
  usePasteAnywhere();
  const { dragging, dropHandlers } = useFileDrop();
  // Another history on screen draws a panel that failed again.
  const version = useStore((s) => s.transcriptVersion);
  return (
    <div className="app" data-testid="app" {...dropHandlers}>
      <ErrorBoundary resetKey={version} fallback={failed('header', 'The header')}>
        <Header />
      </ErrorBoundary>
      <LoadProgress />
      <ImportErrorBanner />
      <main className="columns">
        <ErrorBoundary resetKey={version} fallback={failed('side', 'The findings and provider verdicts')}>
          <FindingsPanel />
        </ErrorBoundary>
        <ErrorBoundary resetKey={version} fallback={failed('timeline', 'The timeline')}>
          <MainColumn />
        </ErrorBoundary>
        <ErrorBoundary resetKey={version} fallback={failed('detail', 'The detail pane')}>
          <DetailPane />
        </ErrorBoundary>
      </main>
      {dragging && <DropOverlay />}
      <ErrorBoundary resetKey={version} fallback={failed('handoff', 'The prompt for a history another page sends')}>
        <HandoffPrompt />
      </ErrorBoundary>
      <ErrorBoundary resetKey={version} fallback={failed('share', 'The share dialog')}>
        <ShareDialog />
      </ErrorBoundary>
    </div>
  );
}

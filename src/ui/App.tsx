import { useStore } from '../store/store';
import { PanelFailed } from './components/PanelFailed';
import { DetailPane } from './detail/DetailPane';
import { ErrorBoundary } from './ErrorBoundary';
import { FindingsPanel } from './findings/FindingsPanel';
import { Header } from './header/Header';
import { DropOverlay } from './load/DropOverlay';
import { DroppedNotice } from './load/DroppedNotice';
import { KeyboardShortcuts } from './keyboard/KeyboardShortcuts';
import { HandoffPrompt } from './load/HandoffPrompt';
import { ImportErrorBanner } from './load/ImportErrorBanner';
import { Columns } from './layout/Columns';
import { LoadProgress } from './load/LoadProgress';
import { useFileDrop } from './load/useFileDrop';
import { usePasteAnywhere } from './load/usePasteAnywhere';
import { RepairHost } from './repair/RepairButton';
import { ShareDialog } from './share/ShareDialog';
import { MainColumn } from './views/MainColumn';

/** What a panel that threw shows in its place: the other panels, and the history, stay. */
const failed = (panel: string, label: string) => (error: Error) => <PanelFailed panel={panel} label={label} error={error} />;

export function App() {
  usePasteAnywhere();
  const { dragging, dropHandlers, severalDropped, dismissDropped } = useFileDrop();
  // Another history on screen draws a panel that failed again.
  const version = useStore((s) => s.transcriptVersion);
  return (
    <div className="app" data-testid="app" {...dropHandlers}>
      <ErrorBoundary resetKey={version} fallback={failed('header', 'The header')}>
        <Header />
      </ErrorBoundary>
      <LoadProgress />
      <ImportErrorBanner />
      <Columns
        findings={
          <ErrorBoundary resetKey={version} fallback={failed('side', 'The findings and provider verdicts')}>
            <FindingsPanel />
          </ErrorBoundary>
        }
        centre={
          <ErrorBoundary resetKey={version} fallback={failed('timeline', 'The timeline')}>
            <MainColumn />
          </ErrorBoundary>
        }
        detail={
          <ErrorBoundary resetKey={version} fallback={failed('detail', 'The detail pane')}>
            <DetailPane />
          </ErrorBoundary>
        }
      />
      <KeyboardShortcuts />
      {dragging && <DropOverlay />}
      {severalDropped && <DroppedNotice dropped={severalDropped} onClose={dismissDropped} />}
      <ErrorBoundary resetKey={version} fallback={failed('handoff', 'The prompt for a history another page sends')}>
        <HandoffPrompt />
      </ErrorBoundary>
      <ErrorBoundary resetKey={version} fallback={failed('share', 'The share dialog')}>
        <ShareDialog />
      </ErrorBoundary>
      <ErrorBoundary resetKey={version} fallback={failed('repair', 'The Repair… dialog')}>
        <RepairHost />
      </ErrorBoundary>
    </div>
  );
}

import { DetailPane } from './detail/DetailPane';
import { FindingsPanel } from './findings/FindingsPanel';
import { Header } from './header/Header';
import { DropOverlay } from './load/DropOverlay';
import { ImportErrorBanner } from './load/ImportErrorBanner';
import { LoadProgress } from './load/LoadProgress';
import { useFileDrop } from './load/useFileDrop';
import { usePasteAnywhere } from './load/usePasteAnywhere';
import { Timeline } from './timeline/Timeline';

export function App() {
  usePasteAnywhere();
  const { dragging, dropHandlers } = useFileDrop();
  return (
    <div className="app" data-testid="app" {...dropHandlers}>
      <Header />
      <LoadProgress />
      <ImportErrorBanner />
      <main className="columns">
        <FindingsPanel />
        <Timeline />
        <DetailPane />
      </main>
      {dragging && <DropOverlay />}
    </div>
  );
}

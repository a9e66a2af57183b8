import { DetailPane } from './detail/DetailPane';
import { FindingsPanel } from './findings/FindingsPanel';
import { Header } from './header/Header';
import { DropOverlay } from './load/DropOverlay';
import { ImportErrorBanner } from './load/ImportErrorBanner';
import { useFileDrop } from './load/useFileDrop';
import { usePasteAnywhere } from './load/usePasteAnywhere';
import { useStartupLoad } from './load/useStartupLoad';
import { Timeline } from './timeline/Timeline';

export function App() {
  useStartupLoad();
  usePasteAnywhere();
  const { dragging, dropHandlers } = useFileDrop();
  return (
    <div className="app" data-testid="app" {...dropHandlers}>
      <Header />
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

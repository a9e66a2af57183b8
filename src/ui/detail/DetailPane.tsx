import { useStore } from '../../store/store';
import { MessageDetail } from './MessageDetail';

export function DetailPane() {
  const transcript = useStore((s) => s.transcript);
  const index = useStore((s) => s.selection?.index);
  const message = index === undefined ? undefined : transcript?.messages[index];
  return (
    <aside className="panel detail-panel" aria-label="Message detail" data-testid="detail" data-index={message?.index}>
      {transcript && message ? (
        <MessageDetail key={message.index} message={message} transcript={transcript} />
      ) : (
        <>
          <h2 className="panel-title">Detail</h2>
          <p className="panel-empty">Select a message to see every field and its original JSON. Arrow keys step through the timeline.</p>
        </>
      )}
    </aside>
  );
}

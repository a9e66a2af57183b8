import { useDeferredValue, useMemo, useRef, type KeyboardEvent } from 'react';
import { visibleMessages } from '../../store/filter';
import { useTranscriptIndex } from '../../store/hooks';
import { useStore } from '../../store/store';
import { TimelineToolbar } from './TimelineToolbar';
import { VirtualTimeline } from './VirtualTimeline';

/** The message list column: filters on top, the virtualized cards below. */
export function Timeline() {
  const transcript = useStore((s) => s.transcript);
  const version = useStore((s) => s.transcriptVersion);
  const loadState = useStore((s) => s.loadState);
  const loadSource = useStore((s) => s.loadSource);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  // Typing stays responsive on long histories: filtering follows a keystroke behind when busy.
  const search = useDeferredValue(useStore((s) => s.search));
  const index = useTranscriptIndex();
  const scrollRef = useRef<HTMLDivElement>(null);
  const selected = useStore((s) => s.selection?.index);
  const jumpTo = useStore((s) => s.jumpTo);

  const rows = useMemo(
    () => (transcript && index ? visibleMessages(transcript, index, hiddenRoles, search) : []),
    [transcript, index, hiddenRoles, search],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
    if (step === undefined || rows.length === 0) return;
    event.preventDefault();
    const current = selected === undefined ? -1 : rows.indexOf(selected);
    const next = rows[Math.min(rows.length - 1, Math.max(0, current + step))];
    if (next !== undefined) jumpTo({ index: next }, 'auto');
  };

  return (
    <section className="timeline-column" aria-label="Timeline">
      {transcript && <TimelineToolbar shown={rows.length} />}
      <div
        ref={scrollRef}
        className="timeline"
        data-testid="timeline"
        data-state={loadState}
        data-source={loadSource}
        data-message-count={transcript?.messages.length ?? 0}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {transcript ? (
          <VirtualTimeline key={version} transcript={transcript} rows={rows} scrollRef={scrollRef} />
        ) : (
          <EmptyTimeline loading={loadState === 'loading'} />
        )}
      </div>
    </section>
  );
}

function EmptyTimeline({ loading }: { loading: boolean }) {
  if (loading) return <p className="timeline-empty">Loading…</p>;
  return (
    <div className="timeline-empty">
      <p>
        <strong>Open a message history</strong>
      </p>
      <p>Drop a file here, paste with Ctrl+V, or use “Open file…”. Nothing leaves your machine.</p>
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import type { Transcript } from '../../core/model';
import { useHighlight } from '../../store/hooks';
import { useStore } from '../../store/store';
import { indexOf } from '../../store/transcriptIndex';
import { connectorShapes, gutterWidth, linkSpans } from './connectorLayout';
import { Connectors } from './Connectors';
import { MessageCard } from './MessageCard';

/** Where on a card its connector ends attach: level with the card's header line. */
const ANCHOR_Y = 24;

interface Props {
  transcript: Transcript;
  /** Message indices to show, in order (the filtered timeline). */
  rows: number[];
  scrollRef: RefObject<HTMLDivElement | null>;
}

/** Only the cards in view are in the DOM, so a 100,000-message history scrolls like a short one. */
export function VirtualTimeline({ transcript, rows, scrollRef }: Props) {
  const highlight = useHighlight();
  const selected = useStore((s) => s.selection?.index);
  const expanded = useStore((s) => s.expanded);
  const showConnectors = useStore((s) => s.showConnectors);
  const scrollRequest = useStore((s) => s.scrollRequest);
  const scrollDone = useStore((s) => s.scrollDone);
  const clearFilters = useStore((s) => s.clearFilters);
  const { findingsByMessage } = indexOf(transcript);

  const rowOf = useMemo(() => {
    const map = new Int32Array(transcript.messages.length).fill(-1);
    rows.forEach((message, row) => (map[message] = row));
    return map;
  }, [transcript, rows]);
  const { spans, gutter } = useMemo(() => {
    const laidOut = linkSpans(transcript, rowOf);
    return { spans: laidOut, gutter: gutterWidth(laidOut.reduce((lanes, span) => Math.max(lanes, span.lane + 1), 0)) };
  }, [transcript, rowOf]);

  // Keyed by message, so measured heights survive filtering. A stable function: a new one makes the
  // virtualizer recompute every row's offset.
  const getItemKey = useCallback((row: number) => rows[row] ?? row, [rows]);

  // The build runs no React Compiler; the virtualizer re-renders this component itself on scroll and resize.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 110,
    overscan: 6,
    getItemKey,
    // data-index is the page hook for the message index; the virtualizer reads the row from data-row.
    indexAttribute: 'data-row',
  });

  useEffect(() => {
    if (!scrollRequest) return;
    const row = rowOf[scrollRequest.index] ?? -1;
    if (row >= 0) {
      virtualizer.scrollToIndex(row, { align: scrollRequest.align });
      scrollDone();
    } else if (rows.length < transcript.messages.length) {
      // The target is filtered out: show everything, then this runs again with the target on the timeline.
      clearFilters();
    } else {
      scrollDone();
    }
  }, [scrollRequest, rowOf, rows, transcript, virtualizer, scrollDone, clearFilters]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const top = first?.start ?? 0;
  const bottom = last?.end ?? 0;
  // Offsets exist for every row, measured or estimated, so ends off screen have a place too.
  const measurements = virtualizer.measurementsCache;
  const shapes =
    showConnectors && first && last
      ? connectorShapes(
          spans,
          (row) => (measurements[row]?.start ?? 0) + ANCHOR_Y,
          { firstRow: first.index, lastRow: last.index, top, bottom },
          gutter,
        )
      : [];

  return (
    <div className="timeline-canvas" style={{ height: virtualizer.getTotalSize() }}>
      {shapes.length > 0 && (
        <Connectors shapes={shapes} top={top} bottom={bottom} width={gutter} activeIds={highlight.toolCallIds} />
      )}
      {items.map((item) => {
        const message = transcript.messages[rows[item.index] ?? -1];
        if (!message) return null;
        return (
          <div
            key={item.key}
            data-row={item.index}
            ref={virtualizer.measureElement}
            className="timeline-row"
            style={{ transform: `translateY(${item.start}px)`, paddingLeft: gutter }}
          >
            <MessageCard
              message={message}
              transcript={transcript}
              findings={findingsByMessage.get(message.index)}
              selected={selected === message.index}
              highlighted={highlight.messages.has(message.index)}
              highlightedIds={highlight.toolCallIds}
              expanded={expanded.has(message.index)}
            />
          </div>
        );
      })}
      {rows.length === 0 && <p className="timeline-empty">No message matches the filters.</p>}
    </div>
  );
}

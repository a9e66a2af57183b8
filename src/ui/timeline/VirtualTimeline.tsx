import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useHighlight } from '../../store/hooks';
import { useStore } from '../../store/store';
import { indexOf } from '../../store/transcriptIndex';
import { ROLE_ORDER, type TranscriptView } from '../../protocol/workerApi';
import { MeasuredHeights } from '../virtual/measuredHeights';
import { useVirtualRows } from '../virtual/useVirtualRows';
import { BACKDROP, type RowSource } from '../virtual/virtualEngine';
import { charsPerLine, estimateCardHeight } from './cardHeight';
import { connectorShapes, gutterWidth, indexSpans, linkSpans, spansIn } from './connectorLayout';
import { CardBoundary } from './CardFailed';
import { CardSlot } from './CardSlot';
import { Connectors } from './Connectors';
import { MessageCard } from './MessageCard';
import { useCardPrefetch } from './useCardPrefetch';
import { timeGapsOf } from './timeGaps';
import { clearVisibleRows, setVisibleRows } from './visibleRange';

/** Where on a card its connector ends attach: level with the card's header line. */
const ANCHOR_Y = 24;
/** A row's padding above and below its card (timeline.css, `.timeline-row`): a card is in view, not its padding. */
const ROW_INSET = 4;
interface Props {
  view: TranscriptView;
  /** Message indices to show, in order (the filtered timeline). */
  rows: Int32Array;
  /** The element that scrolls the timeline; null until it is mounted. */
  scroller: HTMLElement | null;
}

/** Only the cards near the viewport are in the DOM, and only their data is on the page. */
export function VirtualTimeline({ view, rows, scroller }: Props) {
  const highlight = useHighlight();
  const session = useStore((s) => s.session);
  const selected = useStore((s) => s.selection?.index);
  const expanded = useStore((s) => s.expanded);
  const showConnectors = useStore((s) => s.showConnectors);
  const scrollRequest = useStore((s) => s.scrollRequest);
  const scrollDone = useStore((s) => s.scrollDone);
  const clearFilters = useStore((s) => s.clearFilters);
  const { findingsByMessage } = indexOf(view);
  const gaps = timeGapsOf(view.columns.timeMs);

  const [measured] = useState(() => new MeasuredHeights(view.count));
  const source = useMemo<RowSource>(
    () => ({
      count: rows.length,
      heightOf: (row, width) => measured.get(rows[row]!, width) ?? estimateCardHeight(view.columns, rows[row]!, charsPerLine(width)),
      measured: (row, height) => measured.set(rows[row]!, height),
      inset: ROW_INSET,
    }),
    [rows, view, measured],
  );
  const { engine, canvasRef, windowRef, rowRef } = useVirtualRows(scroller, source);
  const { first, last, heights } = engine;

  const rowOf = useMemo(() => {
    const map = new Int32Array(view.count).fill(-1);
    rows.forEach((message, row) => (map[message] = row));
    return map;
  }, [view, rows]);
  const { spans, gutter } = useMemo(() => {
    const laidOut = linkSpans(view, rowOf);
    return { spans: indexSpans(laidOut), gutter: gutterWidth(laidOut.reduce((lanes, span) => Math.max(lanes, span.lane + 1), 0)) };
  }, [view, rowOf]);

  useCardPrefetch(session, rows, first, last);

  // Before the paint: a chip drawn with the rows of the frame before (another list, another scroll) would show for a
  // frame, pointing at what is on screen.
  const { visibleFirst, visibleLast } = engine;
  const shownRows = useRef(rows);
  useLayoutEffect(() => {
    shownRows.current = rows;
    setVisibleRows(rows, visibleFirst, visibleLast);
  }, [rows, visibleFirst, visibleLast]);
  useLayoutEffect(() => () => clearVisibleRows(shownRows.current), []);

  useEffect(() => {
    if (!scrollRequest) return;
    const row = rowOf[scrollRequest.index] ?? -1;
    if (row >= 0) {
      engine.scrollToRow(row, scrollRequest.align);
      scrollDone();
    } else if (rows.length < view.count) {
      // The target is filtered out: show everything, then this runs again with the target on the timeline.
      clearFilters();
    } else {
      scrollDone();
    }
  }, [scrollRequest, rowOf, rows, view, engine, scrollDone, clearFilters]);

  // Connectors are drawn in the window's coordinates, like the rows: offsets less the engine's base. They are
  // cut at the edges of the window's backdrop, not of the drawn rows, so that a link's bracket and the drawing's
  // box stay as they are while rows come and go (changing them would repaint the whole height of the gutter).
  const { base } = engine;
  const band = { firstRow: first, lastRow: last, top: -BACKDROP, bottom: BACKDROP };
  const shapes =
    showConnectors && last >= first ? connectorShapes(spansIn(spans, first, last), (row) => heights.offsetOf(row) - base + ANCHOR_Y, band, gutter) : [];

  const drawn = [];
  for (let row = first; row <= last; row++) {
    const message = rows[row]!;
    drawn.push(
      <div key={message} data-row={row} ref={rowRef} className="timeline-row" style={{ paddingLeft: gutter }}>
        <CardBoundary index={message}>
          <CardSlot cards={session?.cards} index={message} height={heights.heightOf(row) - 8}>
            {(card) => (
              <MessageCard
                card={card}
                role={ROLE_ORDER[view.columns.role[message]!] ?? 'other'}
                cumulative={view.columns.cumulative[message] ?? 0}
                findings={findingsByMessage.get(message)}
                selected={selected === message}
                highlighted={highlight.messages.has(message)}
                highlightedIds={highlight.toolCallIds}
                expanded={expanded.has(message)}
                timeMs={view.columns.timeMs[message] ?? Number.NaN}
                gapMs={gaps.gap[message] ?? Number.NaN}
                longGap={(gaps.gap[message] ?? 0) >= gaps.longFrom}
              />
            )}
          </CardSlot>
        </CardBoundary>
      </div>,
    );
  }

  return (
    <>
      <div className="timeline-canvas" ref={canvasRef}>
        <div className="timeline-window" ref={windowRef}>
          {shapes.length > 0 && <Connectors shapes={shapes} top={band.top} bottom={band.bottom} width={gutter} activeIds={highlight.toolCallIds} />}
          {drawn}
        </div>
      </div>
      {rows.length === 0 && (
        <p className="timeline-empty" data-testid="timeline-empty">
          {view.count === 0 ? 'This history holds no message (the notes above say why, when the reader knows).' : 'No message matches the filters.'}
        </p>
      )}
    </>
  );
}

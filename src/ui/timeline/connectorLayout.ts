import type { Transcript } from '../../core/model';
import { assignLanes, type Span } from './lanes';

/** A call and its results as rows of the (filtered) timeline, with the gutter lane its bracket uses. */
export interface LinkSpan extends Span {
  id: string;
  callRow: number;
  resultRows: number[];
  /** A result reported an error: drawn in the error colour. */
  failed: boolean;
  lane: number;
}

/** Lanes beyond this reuse earlier ones rather than widening the gutter without bound. */
export const MAX_LANES = 6;
const LANE_WIDTH = 9;
const GUTTER_PAD = 14;

export function gutterWidth(laneCount: number): number {
  return GUTTER_PAD + Math.min(laneCount, MAX_LANES) * LANE_WIDTH;
}

/** Links with both ends on the timeline; a link whose call or every result is filtered out has none. */
export function linkSpans(transcript: Transcript, rowOf: Int32Array): LinkSpan[] {
  const spans: Omit<LinkSpan, 'lane'>[] = [];
  for (const link of transcript.links.values()) {
    const call = link.calls[0];
    const callRow = call ? (rowOf[call.messageIndex] ?? -1) : -1;
    if (callRow < 0) continue;
    const resultRows = link.results.map((index) => rowOf[index] ?? -1).filter((row) => row >= 0);
    if (resultRows.length === 0) continue;
    spans.push({
      id: link.id,
      callRow,
      resultRows,
      start: Math.min(callRow, ...resultRows),
      end: Math.max(callRow, ...resultRows),
      failed: link.results.some((index) => transcript.messages[index]?.status === 'error'),
    });
  }
  const lanes = assignLanes(spans);
  return spans.map((span, i) => ({ ...span, lane: lanes[i] ?? 0 }));
}

export interface ConnectorShape {
  id: string;
  failed: boolean;
  /** SVG path data: the bracket and a tick to each end on screen. */
  path: string;
  /** Arrow tips at results on screen. */
  arrows: { x: number; y: number }[];
  callDot: { x: number; y: number } | null;
}

/**
 * Draws the spans that reach the rows from `top` to `bottom` (pixels): a vertical bar in the span's
 * lane, ticks out to the cards, cut at the window edges so an off-screen end costs nothing.
 */
export function connectorShapes(
  spans: readonly LinkSpan[],
  yOfRow: (row: number) => number,
  window: { firstRow: number; lastRow: number; top: number; bottom: number },
  width: number,
): ConnectorShape[] {
  const right = width - 2;
  const shapes: ConnectorShape[] = [];
  const clamp = (y: number): number => Math.min(window.bottom, Math.max(window.top, y));
  const onScreen = (row: number): boolean => row >= window.firstRow && row <= window.lastRow;
  for (const span of spans) {
    if (span.start > window.lastRow || span.end < window.firstRow) continue;
    const x = right - 6 - (span.lane % MAX_LANES) * LANE_WIDTH;
    let path = `M${x} ${clamp(yOfRow(span.start))}V${clamp(yOfRow(span.end))}`;
    const arrows: { x: number; y: number }[] = [];
    for (const row of span.resultRows) {
      if (!onScreen(row)) continue;
      const y = yOfRow(row);
      path += `M${x} ${y}H${right - 4}`;
      arrows.push({ x: right, y });
    }
    let callDot: ConnectorShape['callDot'] = null;
    if (onScreen(span.callRow)) {
      const y = yOfRow(span.callRow);
      path += `M${x} ${y}H${right}`;
      callDot = { x, y };
    }
    shapes.push({ id: span.id, failed: span.failed, path, arrows, callDot });
  }
  return shapes;
}

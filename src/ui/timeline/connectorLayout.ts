import type { TranscriptView } from '../../protocol/workerApi';
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
export function linkSpans(view: TranscriptView, rowOf: Int32Array): LinkSpan[] {
  const { ids, callStart, callMessages, resultStart, resultMessages, failed } = view.links;
  const spans: Omit<LinkSpan, 'lane'>[] = [];
  for (let link = 0; link < ids.length; link++) {
    const callRow = callStart[link]! < callStart[link + 1]! ? (rowOf[callMessages[callStart[link]!]!] ?? -1) : -1;
    if (callRow < 0) continue;
    const resultRows: number[] = [];
    for (let k = resultStart[link]!; k < resultStart[link + 1]!; k++) {
      const row = rowOf[resultMessages[k]!] ?? -1;
      if (row >= 0) resultRows.push(row);
    }
    if (resultRows.length === 0) continue;
    spans.push({
      id: ids[link]!,
      callRow,
      resultRows,
      start: Math.min(callRow, ...resultRows),
      end: Math.max(callRow, ...resultRows),
      failed: failed[link] === 1,
    });
  }
  const lanes = assignLanes(spans);
  return spans.map((span, i) => ({ ...span, lane: lanes[i] ?? 0 }));
}

/** Spans by start row, with the furthest end so far, to find those reaching a window without walking all. */
export interface SpanIndex {
  spans: LinkSpan[];
  maxEnd: Int32Array;
}

export function indexSpans(spans: readonly LinkSpan[]): SpanIndex {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const maxEnd = new Int32Array(sorted.length);
  sorted.forEach((span, i) => (maxEnd[i] = Math.max(span.end, i > 0 ? maxEnd[i - 1]! : -1)));
  return { spans: sorted, maxEnd };
}

/** The first index in [0, length) where `test` turns true (it must stay true after), else length. */
function firstWhere(length: number, test: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Spans with a row in [first, last]: O(log n) plus the spans that start before and may reach in. */
export function spansIn({ spans, maxEnd }: SpanIndex, first: number, last: number): LinkSpan[] {
  const from = firstWhere(spans.length, (i) => maxEnd[i]! >= first);
  const to = firstWhere(spans.length, (i) => spans[i]!.start > last);
  const found: LinkSpan[] = [];
  for (let i = from; i < to; i++) if (spans[i]!.end >= first) found.push(spans[i]!);
  return found;
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

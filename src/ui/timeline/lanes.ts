/** A span of timeline rows, inclusive at both ends. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Gives each span the lowest gutter lane no overlapping span uses, taking spans in start order
 * (interval-graph colouring, so the number of lanes equals the deepest overlap). Spans that only
 * touch at a row overlap too: their brackets would meet at that card.
 */
export function assignLanes(spans: readonly Span[]): number[] {
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.start - spans[b]!.start || spans[a]!.end - spans[b]!.end);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(spans.length);
  for (const i of order) {
    const span = spans[i]!;
    let lane = laneEnds.findIndex((end) => end < span.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = span.end;
    lanes[i] = lane;
  }
  return lanes;
}

import { describe, expect, it } from 'vitest';
import type { Message } from '../../core/model';
import { testCall, testMessage, testView } from '../../store/testing/transcript';
import { connectorShapes, indexSpans, linkSpans, spansIn } from './connectorLayout';

/** `count` messages; `calls` maps an AI message index to the ids it issues, `results` a tool message to the id it answers. */
function transcript(count: number, calls: Record<number, string[]>, results: Record<number, string>, errorAt: number[] = []) {
  const messages: Message[] = Array.from({ length: count }, (_, i) =>
    calls[i]
      ? testMessage(i, 'ai', { toolCalls: calls[i].map((id) => testCall(id)) })
      : results[i]
        ? testMessage(i, 'tool', { toolCallId: results[i], ...(errorAt.includes(i) ? { status: 'error' } : {}) })
        : testMessage(i, 'human'),
  );
  return testView(messages);
}

const allRows = (count: number): Int32Array => Int32Array.from({ length: count }, (_, i) => i);

describe('linkSpans', () => {
  it('spans from the call to its last result and gives overlapping links their own lanes, the shorter one inside', () => {
    const spans = linkSpans(transcript(6, { 1: ['a', 'b'] }, { 2: 'a', 3: 'b', 4: 'a' }), allRows(6));
    expect(spans.map(({ id, start, end, lane }) => ({ id, start, end, lane }))).toEqual([
      { id: 'a', start: 1, end: 4, lane: 1 },
      { id: 'b', start: 1, end: 3, lane: 0 },
    ]);
  });

  it('leaves out orphans and links whose end is filtered away', () => {
    const rowOf = Int32Array.from([0, 1, -1, 2]);
    const spans = linkSpans(transcript(4, { 0: ['orphan'], 1: ['hidden', 'shown'] }, { 2: 'hidden', 3: 'shown' }), rowOf);
    expect(spans.map((span) => [span.id, span.start, span.end])).toEqual([['shown', 1, 2]]);
  });

  it('marks links with an error result', () => {
    const spans = linkSpans(transcript(3, { 0: ['a'] }, { 1: 'a' }, [1]), allRows(3));
    expect(spans[0]?.failed).toBe(true);
  });
});

describe('connectorShapes', () => {
  const spans = linkSpans(transcript(100, { 1: ['near'], 3: ['far'] }, { 2: 'near', 90: 'far' }), allRows(100));
  const yOfRow = (row: number): number => row * 100 + 20;

  it('draws only links that reach the window', () => {
    const shapes = connectorShapes(spans, yOfRow, { firstRow: 40, lastRow: 50, top: 4000, bottom: 5100 }, 40);
    expect(shapes.map((shape) => shape.id)).toEqual(['far']);
  });

  it('cuts a long link at the window edges and draws no ends off screen', () => {
    const [far] = connectorShapes(spans, yOfRow, { firstRow: 40, lastRow: 50, top: 4000, bottom: 5100 }, 40);
    expect(far?.path).toBe('M32 4000V5100');
    expect(far?.arrows).toEqual([]);
    expect(far?.callDot).toBeNull();
  });

  it('draws ticks, the call dot and the arrow for ends on screen', () => {
    const [near] = connectorShapes(spans, yOfRow, { firstRow: 0, lastRow: 5, top: 0, bottom: 600 }, 40);
    expect(near?.callDot).toEqual({ x: 32, y: 120 });
    expect(near?.arrows).toEqual([{ x: 38, y: 220 }]);
  });
});

describe('spansIn', () => {
  const spans = linkSpans(transcript(100, { 1: ['a'], 10: ['b'], 20: ['long'], 50: ['c'] }, { 3: 'a', 12: 'b', 90: 'long', 51: 'c' }), allRows(100));
  const index = indexSpans(spans);
  const ids = (first: number, last: number) =>
    spansIn(index, first, last)
      .map((span) => span.id)
      .sort();

  it('finds the spans reaching a window, long ones from far above included', () => {
    expect(ids(0, 5)).toEqual(['a']);
    expect(ids(11, 11)).toEqual(['b']);
    expect(ids(40, 60)).toEqual(['c', 'long']);
    expect(ids(95, 99)).toEqual([]);
  });
});

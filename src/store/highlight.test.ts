import { describe, expect, it } from 'vitest';
import { computeHighlight } from './highlight';
import { testCall, testMessage, testView } from './testing/transcript';

const view = testView([
  testMessage(0, 'human'),
  testMessage(1, 'ai', { toolCalls: [testCall('a'), testCall('b')] }),
  testMessage(2, 'tool', { toolCallId: 'a' }),
  testMessage(3, 'tool', { toolCallId: 'b' }),
]);
const sorted = (set: ReadonlySet<number>) => [...set].sort();

describe('computeHighlight', () => {
  it('highlights nothing without a history, selection or hover', () => {
    expect(computeHighlight(null, { index: 1 }, 'a').messages.size).toBe(0);
    expect(computeHighlight(view, null, null).messages.size).toBe(0);
  });

  it('highlights both ends of a hovered link', () => {
    const highlight = computeHighlight(view, null, 'a');
    expect(sorted(highlight.messages)).toEqual([1, 2]);
    expect([...highlight.toolCallIds]).toEqual(['a']);
  });

  it('highlights every link of a selected AI message', () => {
    expect(sorted(computeHighlight(view, { index: 1 }, null).messages)).toEqual([1, 2, 3]);
  });

  it('highlights the call a selected result answers', () => {
    expect(sorted(computeHighlight(view, { index: 3 }, null).messages)).toEqual([1, 3]);
  });

  it('narrows to the clicked link and adds related messages', () => {
    const highlight = computeHighlight(view, { index: 2, toolCallId: 'a', related: [0] }, null);
    expect(sorted(highlight.messages)).toEqual([0, 1, 2]);
    expect([...highlight.toolCallIds]).toEqual(['a']);
  });

  it('ignores an id no link has', () => {
    expect(computeHighlight(view, null, 'nope').messages.size).toBe(0);
  });
});

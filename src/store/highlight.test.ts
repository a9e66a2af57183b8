import { describe, expect, it } from 'vitest';
import { computeHighlight } from './highlight';
import { testCall, testMessage, testTranscript } from './testTranscript';

const transcript = testTranscript([
  testMessage(0, 'human'),
  testMessage(1, 'ai', { toolCalls: [testCall('a'), testCall('b')] }),
  testMessage(2, 'tool', { toolCallId: 'a' }),
  testMessage(3, 'tool', { toolCallId: 'b' }),
]);

describe('computeHighlight', () => {
  it('highlights nothing without a transcript, selection or hover', () => {
    expect(computeHighlight(null, { index: 1 }, 'a').messages.size).toBe(0);
    expect(computeHighlight(transcript, null, null).messages.size).toBe(0);
  });

  it('highlights both ends of a hovered link', () => {
    const highlight = computeHighlight(transcript, null, 'a');
    expect([...highlight.messages].sort()).toEqual([1, 2]);
    expect([...highlight.toolCallIds]).toEqual(['a']);
  });

  it('highlights every link of a selected AI message', () => {
    expect([...computeHighlight(transcript, { index: 1 }, null).messages].sort()).toEqual([1, 2, 3]);
  });

  it('highlights the call a selected result answers', () => {
    expect([...computeHighlight(transcript, { index: 3 }, null).messages].sort()).toEqual([1, 3]);
  });

  it('narrows to the clicked link and adds related messages', () => {
    const highlight = computeHighlight(transcript, { index: 2, toolCallId: 'a', related: [0] }, null);
    expect([...highlight.messages].sort()).toEqual([0, 1, 2]);
    expect([...highlight.toolCallIds]).toEqual(['a']);
  });
});

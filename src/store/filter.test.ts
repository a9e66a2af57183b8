import { describe, expect, it } from 'vitest';
import { visibleMessages } from './filter';
import { testCall, testMessage, testTranscript } from './testTranscript';
import { indexOf } from './transcriptIndex';

const transcript = testTranscript([
  testMessage(0, 'system', { text: 'You are helpful.' }),
  testMessage(1, 'human', { text: 'Weather in Beijing?', name: 'Xiaoming' }),
  testMessage(2, 'ai', { toolCalls: [testCall('call_1', 'get_weather')] }),
  testMessage(3, 'tool', { text: '25 degrees', toolCallId: 'call_1' }),
]);
const index = indexOf(transcript);

describe('visibleMessages', () => {
  it('shows everything without filters', () => {
    expect(visibleMessages(transcript, index, [], '')).toEqual([0, 1, 2, 3]);
  });

  it('hides roles', () => {
    expect(visibleMessages(transcript, index, ['system', 'tool'], '')).toEqual([1, 2]);
  });

  it('searches text, names, tool names and ids, ignoring case', () => {
    expect(visibleMessages(transcript, index, [], 'beijing')).toEqual([1]);
    expect(visibleMessages(transcript, index, [], 'XIAOMING')).toEqual([1]);
    expect(visibleMessages(transcript, index, [], 'get_weather')).toEqual([2]);
    expect(visibleMessages(transcript, index, [], 'call_1')).toEqual([2, 3]);
  });

  it('combines role filter and search', () => {
    expect(visibleMessages(transcript, index, ['tool'], 'call_1')).toEqual([2]);
  });
});

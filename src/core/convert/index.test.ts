import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import { syntheticRun } from '../testing/synthetic';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import { transcript } from '../testing/importing';
import { CONVERT_TARGETS, HISTORY_TARGETS, convertTranscript } from '.';

describe('convertTranscript', () => {
  // Long enough that the message lists are written in several parts.
  const history = buildTranscript({ name: 'test', label: 'Test' }, syntheticRun(2000).messages);

  it.each(CONVERT_TARGETS.map((entry) => entry.target))('%s: the parts make the text, some hundreds of messages a part', (target) => {
    const conversion = convertTranscript(history, target);
    const parts = [...conversion.parts()];
    expect(parts.join('')).toBe(conversion.text);
    expect(parts.filter((part) => part.length > 1000).length).toBeGreaterThan(2);
  });
});

describe('convertTranscript of the messages shown', () => {
  const run = transcript(crossFormat);

  it.each(HISTORY_TARGETS.map((entry) => entry.target))('%s: writes only those messages, and names them by their numbers in the whole history', (target) => {
    // The human messages and the results: what a search for "weather" or a role filter might leave.
    const conversion = convertTranscript(run, target, { only: Int32Array.from([1, 3, 4, 5]) });
    const back = transcript(conversion.text, target);
    expect(back.messages.map((m) => m.text)).toEqual([1, 3, 4, 5].map((i) => run.messages[i]?.text));
    for (const line of conversion.lost) expect(line).not.toMatch(/#0\b|#2\b|#6\b|#7\b/);
  });

  it('names a loss by the message on screen', () => {
    const { lost } = convertTranscript(run, 'openai-chat', { only: [2, 5] });
    expect(lost).toContain('message #2: token usage has no place in a request body');
  });
});

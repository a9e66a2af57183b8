import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import { syntheticRun } from '../testing/synthetic';
import { CONVERT_TARGETS, convertTranscript } from '.';

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

import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../analyze';
import { syntheticRun } from '../testing/synthetic';
import { CONVERT_TARGETS, convertTranscript } from '.';

describe('convertTranscript', () => {
  // Long enough that the message lists are written an element a part.
  const history = buildTranscript({ name: 'test', label: 'Test' }, syntheticRun(300).messages);

  it.each(CONVERT_TARGETS.map((entry) => entry.target))('%s: the parts make the text, a message at a time', (target) => {
    const conversion = convertTranscript(history, target);
    const parts = [...conversion.parts()];
    expect(parts.join('')).toBe(conversion.text);
    expect(parts.length).toBeGreaterThan(200);
  });
});

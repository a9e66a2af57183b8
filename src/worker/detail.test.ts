import { describe, expect, it, vi } from 'vitest';
import { importText } from '../core/import';
import { buildDetail } from './detail';
import * as text from './text';

/** One MEAI message whose contents alternate calls and their results: read as an AI message per call (all with its raw) and a tool message per result (each with its own). */
function splitHistory(pairs: number): string {
  const contents = [{ $type: 'text', text: 'Hello' }];
  for (let i = 0; i < pairs; i++)
    contents.push(
      { $type: 'functionCall', callId: `call${i}`, name: 'lookup', arguments: { q: i } } as never,
      { $type: 'functionResult', callId: `call${i}`, result: `r${i}` } as never,
    );
  return JSON.stringify([{ role: 'assistant', contents }]);
}

describe('buildDetail', () => {
  it('prints the raw JSON that messages split from one message share once, however many ask in turn', () => {
    const result = importText(splitHistory(300));
    if (!result.ok) throw new Error(result.error.message);
    const { transcript } = result;
    expect(transcript.messages.length).toBeGreaterThan(300);
    const pretty = vi.spyOn(text, 'prettyJson');
    const details = transcript.messages.map((_, i) => buildDetail(transcript, i));
    const rawPrints = pretty.mock.calls.filter(([value]) => value === transcript.messages[0]!.raw).length;
    pretty.mockRestore();
    expect(rawPrints).toBe(1);
    const aiDetails = details.filter((d) => d.role === 'ai');
    expect(aiDetails).toHaveLength(300);
    expect(new Set(aiDetails.map((d) => d.rawJson)).size).toBe(1);
    expect(aiDetails[0]!.rawJson).toContain('"call299"');
  });
});

// Arrays as long as the input makes them are never spread into a call (the stack overflows past about
// 120,000 arguments): a long Responses request reads, and a message of many blocks exports.
import { describe, expect, it } from 'vitest';
import { convertTranscript } from './convert';
import { importText } from './import';

describe('long arrays', () => {
  it('reads a Responses request of 200,000 input items', () => {
    const input = Array.from({ length: 200_000 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}`, type: 'message' }));
    const result = importText(JSON.stringify({ model: 'gpt-4.1', input }));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.transcript.format).toBe('openai-responses');
    expect(result.transcript.messages).toHaveLength(200_000);
    expect(result.transcript.messages.some((m) => m.problem !== undefined)).toBe(false);
  }, 60_000);

  it('exports to Anthropic a user message of 160,000 content blocks, none lost', () => {
    const content = Array.from({ length: 160_000 }, (_, i) => ({ type: 'text', text: `b${i}` }));
    const result = importText(JSON.stringify({ messages: [{ role: 'user', content }] }));
    if (!result.ok) throw new Error(result.error.message);
    const { text, lost } = convertTranscript(result.transcript, 'anthropic');
    expect(lost.filter((line) => line.includes('could not be converted'))).toEqual([]);
    expect((JSON.parse(text) as { messages: { content: unknown[] }[] }).messages[0]?.content).toHaveLength(160_000);
  }, 60_000);
});

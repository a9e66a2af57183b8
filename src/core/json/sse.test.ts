import { describe, expect, it } from 'vitest';
import anthropicSse from '../../../fixtures/real/openinference/anthropic-js-reasoning-tool-use-streaming.sse?raw';
import chatSse from '../../../fixtures/real/otel-python-contrib/openai-chat-multiple-tools-streaming.sse?raw';
import geminiSse from '../../../fixtures/real/generative-ai-js/streaming-success-function-call-short.txt?raw';
import { parseInput } from './parseInput';
import { parseSse } from './sse';

const lines = (...text: string[]): string => text.join('\n');

describe('parseSse', () => {
  it('reads each event’s data as JSON, with the line of its first data line', () => {
    const text = lines(
      ': a comment before anything',
      'event: message_start',
      'data: {"type":"message_start"}',
      '',
      'id: 7',
      'retry: 1000',
      'event: ping',
      'data:{"type":"ping"}',
      '',
      'data: [DONE]',
      '',
    );
    expect(parseSse(text)).toEqual({ value: [{ type: 'message_start' }, { type: 'ping' }], jsonLines: true, lineOf: [3, 8], lineErrors: new Map() });
  });

  it('joins the data lines of one event with newlines, as the spec says', () => {
    expect(parseSse(lines('data: {"a":', 'data: 1}', '', 'data: 2'))?.value).toEqual([{ a: 1 }, 2]);
  });

  it('reads each data line on its own when a capture lost the blank lines between events', () => {
    const input = parseSse(lines('data: {"a":1}', 'data: {"b":2}', ''));
    expect([input?.value, input?.lineOf]).toEqual([
      [{ a: 1 }, { b: 2 }],
      [1, 2],
    ]);
  });

  it('keeps CRLF captures’ lines and columns', () => {
    const input = parseSse('data: {"a":1}\r\n\r\ndata: {"b":\r\n\r\n');
    expect(input?.value).toEqual([{ a: 1 }, '{"b":']);
    expect(input?.lineErrors).toEqual(new Map([[1, 'line 3: invalid JSON at column 12: unexpected end of input: expected a value']]));
  });

  it('keeps a line that is no SSE field as its text, with the reason, instead of ignoring it', () => {
    const input = parseSse(lines('data: {"a":1}', '', '{"b":2}', ''));
    expect(input?.value).toEqual([{ a: 1 }, '{"b":2}']);
    expect(input?.lineErrors?.get(1)).toBe('line 3: not an SSE field line (expected data:, event:, id:, retry: or a : comment)');
  });

  it('is not SSE when the first field line is something else, or no data line comes', () => {
    expect(parseSse('hello: world\ndata: {}')).toBeUndefined();
    expect(parseSse('{"a": 1}')).toBeUndefined();
    expect(parseSse(': only a comment\nevent: ping\n')).toBeUndefined();
  });
});

describe('parseInput reads SSE when the text is neither JSON nor JSON Lines', () => {
  it('gives the same events as JSON Lines of the payloads', () => {
    const sse = parseInput(lines('event: a', 'data: {"type":"a"}', '', 'event: b', 'data: {"type":"b"}', ''));
    const jsonl = parseInput(lines('{"type":"a"}', '{"type":"b"}'));
    if (!sse.ok || !jsonl.ok) throw new Error('not parsed');
    expect(sse.input.value).toEqual(jsonl.input.value);
    expect([sse.input.jsonLines, sse.input.lineOf]).toEqual([true, [2, 5]]);
  });

  it('reads the real captures: Anthropic event/data pairs, OpenAI data lines up to [DONE], Gemini CRLF', () => {
    const counts = [anthropicSse, chatSse, geminiSse].map((text) => {
      const result = parseInput(text);
      if (!result.ok) throw new Error(result.error.message);
      return [Array.isArray(result.input.value) && result.input.value.length, result.input.lineErrors?.size];
    });
    expect(counts).toEqual([
      [19, 0],
      [18, 0],
      [1, 0],
    ]);
  });

  it('still reports text that is none of them as invalid JSON', () => {
    const result = parseInput('data is here');
    expect(result.ok).toBe(false);
  });
});

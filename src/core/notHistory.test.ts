import { describe, expect, it } from 'vitest';
import { importArchive, importText } from './import';
import { binaryMessage, sniffBinary } from './json/binary';
import type { ImportError } from './model';
import { isHtmlPage } from './notHistory';

function failure(text: string): ImportError {
  const result = importText(text);
  if (result.ok) throw new Error(`expected a failure, read ${result.transcript.format}`);
  return result.error;
}

/** Each answer is one line: what the input is, with no list of formats (the app and the CLI show that apart). */
const ONE_LINE = /^[^\n]{1,300}$/;

describe('input that is no history: one line saying what it is', () => {
  it.each([
    ['{}', 'This is an empty JSON object ({}), not a message history.'],
    ['  []\n', 'This is an empty JSON list ([]): there are no messages in it.'],
    ['{"id": "list_1", "object": "list", "data": [{"id": "file-1"}]}', 'JSON with keys id, object, data — not a message history msgscope knows.'],
    ['[1, 2, 3]', 'A JSON list of 3 numbers — not a message history msgscope knows.'],
    ['[{"sku": "A1", "qty": 2}, {"sku": "B7", "qty": 1}]', 'A JSON list of 2 objects; the first has keys sku, qty — not a message history msgscope knows.'],
    ['{"a":1}\n{"b":2}\n', 'JSON Lines of 2 objects; the first has keys a — not a message history msgscope knows.'],
    ['"hello"', 'This is a JSON string, not a message history.'],
    ['42', 'This is a JSON number, not a message history.'],
    ['null', 'This is JSON null, not a message history.'],
  ])('%s', (text, message) => {
    const error = failure(text);
    expect(error).toEqual({ message, notHistory: true });
    expect(error.message).toMatch(ONE_LINE);
  });

  it('names the first keys only, each cut, however many and long they are', () => {
    const keys = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`${'k'.repeat(i === 0 ? 5000 : 1)}${i}`, i]));
    const { message } = failure(JSON.stringify(keys));
    expect(message).toMatch(ONE_LINE);
    expect(message).toMatch(/^JSON with keys k{39}…, k1, k2, k3, k4, k5, k6, k7, … — not a message history msgscope knows\.$/);
  });

  it('an HTML page, past a BOM, blanks and a comment; a JSON syntax error keeps its line and column', () => {
    expect(failure('\uFEFF\n  <!-- saved page -->\n<!DOCTYPE html>\n<html><body>Sign in</body></html>')).toEqual({
      message: 'This is an HTML page, not a message history.',
      notHistory: true,
    });
    expect(isHtmlPage('<html lang="en">')).toBe(true);
    expect(isHtmlPage('<htmlish>')).toBe(false);
    expect(failure('[\n  {"role": "user" "content": "hi"}\n]')).toMatchObject({ line: 2, column: 19 });
  });

  it('a zip archive with no history in it', () => {
    const result = importArchive([
      { name: 'photo.jpg', text: '' },
      { name: 'slides/deck.pdf', text: '' },
    ]);
    expect(result).toEqual({
      ok: false,
      error: { message: 'A zip archive of 2 files (photo.jpg, slides/deck.pdf), none of them a message history msgscope reads.', notHistory: true },
    });
  });

  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG image'],
    [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46], 'a JPEG image'],
    [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0], 'a GIF image'],
    [[0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20], 'a WebP image'],
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37], 'a PDF document'],
  ])('binary input by its first bytes: %j is %s', (bytes, name) => {
    expect(sniffBinary(bytes)).toEqual({ kind: 'binary', name });
    expect(binaryMessage(name)).toMatch(new RegExp(`^This is ${name}, not a message history: `));
  });

  it('text that starts like a RIFF file is text', () => {
    expect(sniffBinary([...'RIFF is a container format'].map((c) => c.charCodeAt(0)))).toBeUndefined();
  });
});

describe('a single message object is a history of one', () => {
  it.each([
    ['{"role": "user", "content": "hi"}', 'openai-chat'],
    ['{"type": "human", "data": {"content": "hi", "id": "h_1"}}', 'langchain-stored'],
    ['{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "HumanMessage"], "kwargs": {"content": "hi"}}', 'langchain-serialized'],
    ['{"role": "user", "parts": [{"text": "hi"}]}', 'gemini'],
    ['{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]}', 'openai-responses'],
  ])('%s', (text, format) => {
    const result = importText(`\n\n${text}\n`);
    if (!result.ok) throw new Error(result.error.message);
    const { transcript } = result;
    expect(transcript.format).toBe(format);
    expect(transcript.messages).toHaveLength(1);
    expect(transcript.messages[0]).toMatchObject({ role: 'human', text: 'hi' });
    expect(transcript.notes).toContain('The input is one message: read as a history of one.');
    // Located where it starts in the text, for the detail pane and the findings.
    expect(transcript.messages[0]?.location.path).toBe('line 3');
  });

  it('an assistant message with a tool call links it, and the call is pending', () => {
    const text =
      '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]}';
    const result = importText(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.transcript.format).toBe('openai-chat');
    expect(result.transcript.findings.map((f) => f.rule)).toContain('pending-tool-call');
  });

  it('an object of another shape stays no history rather than become an unreadable message', () => {
    expect(failure('{"role": "banana"}')).toEqual({ message: 'JSON with keys role — not a message history msgscope knows.', notHistory: true });
    expect(failure('{"name": "x", "value": 3}').message).toBe('JSON with keys name, value — not a message history msgscope knows.');
  });
});

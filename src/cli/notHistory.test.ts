import { describe, expect, it } from 'vitest';
import { run } from './run';
import { fakeIo } from './testing/io';

// The CLI says what a non-history is in the app's words (core/notHistory.ts), then where the formats are listed,
// instead of printing every format's expectation.
const HINT = '`msgscope formats` lists the formats msgscope reads; --format NAME reads the input as one of them.';

async function checkStdin(stdin: string): Promise<{ code: number; err: string; out: string }> {
  const io = fakeIo({ stdin });
  const code = await run(['check', '-'], io);
  return { code, err: io.err, out: io.out };
}

describe('msgscope check on input that is no history', () => {
  it.each([
    ['{}', 'This is an empty JSON object ({}), not a message history.'],
    ['[]', 'This is an empty JSON list ([]): there are no messages in it.'],
    ['{"id": "x", "object": "list", "data": []}', 'JSON with keys id, object, data — not a message history msgscope knows.'],
    ['<!doctype html><html><body>Not found</body></html>', 'This is an HTML page, not a message history.'],
  ])('%s: exit 2, the one line and the hint, nothing on stdout', async (stdin, line) => {
    expect(await checkStdin(stdin)).toEqual({ code: 2, err: `msgscope: stdin: ${line}\n${HINT}\n`, out: '' });
  });

  it('a JSON syntax error keeps its line and column, and no hint', async () => {
    const { code, err } = await checkStdin('[\n  {"role": "user" "content": "hi"}\n]');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toMatch(/^msgscope: stdin:2:19: Invalid JSON at line 2, column 19/);
    expect(err).not.toContain('msgscope formats');
  });

  it('reads a single message object as a history of one', async () => {
    const io = fakeIo({ stdin: '{"role": "user", "content": "Where is my order?"}' });
    expect(await run(['check', '-', '--json'], io)).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ format: 'openai-chat', messages: 1, notes: ['The input is one message: read as a history of one.'] });
  });
});

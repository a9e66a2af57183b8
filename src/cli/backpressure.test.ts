import { describe, expect, it } from 'vitest';
import { run } from './run';
import { fakeIo } from './testing/io';

// Many messages, so that the conversion is written in several parts.
const HISTORY = JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} ${'x'.repeat(400)}` })));

describe('writing to a pipe', () => {
  it('waits for each part to be taken before writing the next (backpressure)', async () => {
    const io = fakeIo({ stdin: HISTORY });
    let pending = 0;
    let overlapped = false;
    let parts = 0;
    io.stdout = (text) => {
      parts++;
      if (pending > 0) overlapped = true;
      pending++;
      io.out += text;
      // A slow reader: the pipe takes the part a little later.
      return new Promise((done) =>
        setTimeout(() => {
          pending--;
          done();
        }, 1),
      );
    };
    expect(await run(['convert', '-', '--to', 'msgscope'], io)).toBe(0);
    expect(parts).toBeGreaterThan(1);
    expect(overlapped).toBe(false);
    expect((JSON.parse(io.out) as { messages: unknown[] }).messages).toHaveLength(6000);
  });
});

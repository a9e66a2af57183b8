// Detection runs on every input, a million-message history included: each adapter may look at the first
// elements of a list, never at all of them. A list that records the furthest element read proves it
// (a throw would not: adapters are guarded, and a guarded detection that throws scores 0).
import { describe, expect, it } from 'vitest';
import { detectFormat, isTextAdapter, listFormats } from './registry';
import type { ParsedInput } from './types';

// A few adapters reach further into a list than they sample: Claude Code logs open with up to a thousand
// non-message entries, and span exports are searched for span attributes up to 2,000 values deep.
const LOOKED_AT = 2048;

/** The furthest element any watched list had read, reset before each adapter's detection. */
let furthest = -1;

/** `list` as a proxy that records the furthest element read. */
function watched(list: unknown[]): unknown[] {
  return new Proxy(list, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) furthest = Math.max(furthest, Number(property));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

const stored = (i: number) => (i % 2 === 0 ? { type: 'human', data: { content: `q${i}` } } : { type: 'ai', data: { content: `a${i}` } });
const chat = (i: number) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}` });

const inputs: [string, ParsedInput][] = [
  ['a JSON array of stored messages', { value: watched(Array.from({ length: 5000 }, (_, i) => stored(i))), jsonLines: false, lineOf: [] }],
  [
    'JSON Lines of chat messages',
    { value: watched(Array.from({ length: 5000 }, (_, i) => chat(i))), jsonLines: true, lineOf: Array.from({ length: 5000 }, (_, i) => i + 1) },
  ],
  [
    'a request whose messages are long',
    { value: { model: 'gpt-4o', messages: watched(Array.from({ length: 5000 }, (_, i) => chat(i))) }, jsonLines: false, lineOf: [] },
  ],
];

describe('detection looks at the first elements only', () => {
  it.each(inputs)('%s', (_name, input) => {
    for (const adapter of listFormats()) {
      if (isTextAdapter(adapter)) continue;
      furthest = -1;
      adapter.detect(input);
      expect(furthest, adapter.name).toBeLessThan(LOOKED_AT);
    }
    expect(detectFormat(input)).toBeDefined();
  });
});

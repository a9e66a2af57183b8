import { describe, expect, it } from 'vitest';
import type { FormatAdapter, ParsedInput } from '../types';
import { guarded, guardedText } from './guard';

const input: ParsedInput = { value: { deep: true }, jsonLines: false, lineOf: [] };
const throwing: FormatAdapter = {
  name: 'x',
  label: 'X logs',
  expects: 'x',
  detect: () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
  read: () => {
    throw new RangeError('Maximum call stack size exceeded');
  },
};

describe('guarded', () => {
  it('turns a throwing adapter into a 0 score and one unreadable message', () => {
    const adapter = guarded(throwing);
    expect([adapter.name, adapter.label, adapter.detect(input)]).toEqual(['x', 'X logs', 0]);
    expect(adapter.read(input).messages).toEqual([
      expect.objectContaining({
        role: 'other',
        raw: input.value,
        location: { path: '' },
        problem: 'could not be read as X logs: Maximum call stack size exceeded',
      }),
    ]);
  });

  it('guards a text format the same way, keeping the text as the raw of its one message', () => {
    const adapter = guardedText({
      name: 'y',
      label: 'Y text',
      expects: 'y',
      detectText: () => {
        throw new Error('boom');
      },
      readText: () => {
        throw new Error(`bad: ${'x'.repeat(10_000)}`);
      },
    });
    expect(adapter.detectText('text')).toBe(0);
    const [message] = adapter.readText('text').messages;
    expect(message).toMatchObject({ role: 'other', raw: 'text', location: { path: 'line 1', line: 1, column: 1 } });
    // An error's message may quote the input: a few hundred characters of it.
    expect(message?.problem?.length).toBeLessThan(400);
  });

  it('passes results through', () => {
    const adapter = guarded({ ...throwing, detect: () => 70, read: () => ({ messages: [] }) });
    expect([adapter.detect(input), adapter.read(input)]).toEqual([70, { messages: [] }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { FormatAdapter, ParsedInput } from '../types';
import { guarded } from './guard';

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

  it('passes results through', () => {
    const adapter = guarded({ ...throwing, detect: () => 70, read: () => ({ messages: [] }) });
    expect([adapter.detect(input), adapter.read(input)]).toEqual([70, { messages: [] }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/model';
import { argsPreview, formatChars, plural, prettyJson } from './format';

const call = (fields: Partial<ToolCall>): ToolCall => ({ name: 'f', args: {}, raw: {}, ...fields });

describe('argsPreview', () => {
  it('shows valid arguments as compact JSON', () => {
    expect(argsPreview(call({ args: { location: 'Beijing' }, argsText: '{ "location": "Beijing" }' }))).toBe(
      '{"location":"Beijing"}',
    );
  });

  it('shows invalid arguments as written', () => {
    expect(argsPreview(call({ args: undefined, argsText: '{"location": "Hang', error: 'bad JSON' }))).toBe(
      '{"location": "Hang',
    );
  });

  it('truncates long arguments to one line', () => {
    const preview = argsPreview(call({ args: { text: 'x'.repeat(100) } }), 20);
    expect(preview).toHaveLength(21);
    expect(preview.endsWith('…')).toBe(true);
  });
});

describe('counts', () => {
  it('pluralizes', () => {
    expect(plural(1, 'message')).toBe('1 message');
    expect(plural(12000, 'message')).toBe('12,000 messages');
  });

  it('sizes omitted text', () => {
    expect(formatChars(12)).toBe('12 characters');
    expect(formatChars(12_400)).toBe('12.4k characters');
    expect(formatChars(3_200_000)).toBe('3.2M characters');
  });
});

describe('prettyJson', () => {
  it('survives values JSON cannot express', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(prettyJson(cyclic)).toMatch(/^\(cannot show as JSON/);
    expect(prettyJson(undefined)).toBe('undefined');
  });
});

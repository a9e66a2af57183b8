import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../core/model';
import { argsLine, clip, prettyJson, previewLines } from './text';

const call = (fields: Partial<ToolCall>): ToolCall => ({ name: 'f', args: {}, raw: {}, ...fields });

describe('argsLine', () => {
  it('shows valid arguments as compact JSON', () => {
    expect(argsLine(call({ args: { location: 'Beijing' }, argsText: '{ "location": "Beijing" }' }))).toBe('{"location":"Beijing"}');
  });

  it('shows invalid arguments as written, on one line', () => {
    expect(argsLine(call({ args: undefined, argsText: '{"location":\n  "Hang', error: 'bad JSON' }))).toBe('{"location": "Hang');
  });

  it('cuts long arguments', () => {
    const line = argsLine(call({ args: { text: 'x'.repeat(5_000_000) } }));
    expect(line).toHaveLength(61);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('clip', () => {
  it('does not split a surrogate pair', () => {
    expect(clip('ab😀cd', 3)).toBe('ab');
    expect(clip('abc', 5)).toBe('abc');
  });
});

describe('previewLines', () => {
  it('counts the lines a collapsed card shows', () => {
    expect(previewLines('')).toBe(0);
    expect(previewLines('one')).toBe(1);
    expect(previewLines('a\nb\nc')).toBe(3);
    expect(previewLines('x\n'.repeat(50))).toBe(8);
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
